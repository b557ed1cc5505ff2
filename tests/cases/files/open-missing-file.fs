s" /nonexistent/nope.fs" r/o open-file nip
