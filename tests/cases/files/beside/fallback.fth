\ Read by tests/cases/files/include-beside.fs: the name is not found
\ beside this file, so it is taken from the current directory.
include tests/cases/files/beside/README.md
.( fallback.fth goes on) cr
