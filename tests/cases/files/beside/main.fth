\ Read by tests/cases/files/include-beside.fs (not a case itself: cases end in .fs).
\ README.md here is a Forth file beside this one; the package root, the
\ current directory of the tests, has a README.md of its own.
include README.md
.( main.fth goes on) cr
