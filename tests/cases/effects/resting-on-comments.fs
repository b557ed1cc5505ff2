\ A word whose code cannot tell its effect (EXECUTE) is known only by its
\ comment, which may be as wrong as any other: no warning rests on it.
\ (gforth's 386 disassembler says `rel16/32 ( addr op -- addr' )` of code
\ that takes addr alone, and the right comments of its callers would be
\ called wrong.) `twice` and `thrice` are not checked. A word without a
\ comment still shows what its callees' comments make of it:
: run ( xt -- n ) execute ;
: twice ( xt -- n n ) run ;
: thrice ( xt -- n ) run run run ;
: no-comment run run ;
see no-comment
