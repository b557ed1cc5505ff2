\ Writing Forth source to a file and loading it with INCLUDE-FILE.
\ (INCLUDE-FILE, because gforth's INCLUDED looks for a relative name
\ beside the including file, not in the current directory.)
s" corpus-113-lib.fs" 2constant fname
0 value fid
: emit-line ( a u -- ) fid write-line throw ;
fname w/o create-file throw to fid
s" : cube ( n -- n^3 ) dup dup * * ;" emit-line
s" 42 constant answer" emit-line
s" .( loading the library) cr" emit-line
fid close-file throw
fname r/o open-file throw include-file
3 cube . answer . cr
fname delete-file throw
