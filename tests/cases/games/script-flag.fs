script?
s" examples/rps.fs" included  script?
