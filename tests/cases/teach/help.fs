help dup
help choose
help bl
: sq ( n -- n*n ) dup * ;
help sq
help frob
\ A word from a file: where it is defined, and the comment on its line.
include examples/rps.fs
help .winner
help rounds
