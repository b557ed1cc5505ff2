\ THROW puts the floating-point stack back to its depth at CATCH.
: boom 1e 2e 3e -1 throw ;
4e ' boom catch . fdepth . f.
: under fdrop fdrop ;
' under catch . fdepth .
