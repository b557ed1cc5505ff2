\ COMPILE, works between [ and ] too (as in gforth); with no definition open
\ it stores the xt at HERE, one cell, as `,` does: a table of xts to EXECUTE.
: sq ( n -- n*n ) [ ' dup compile, ] * ;
3 sq .
: one ( -- ) ." one " ;  : two ( -- ) ." two " ;
create jumps ' one compile, ' two compile,
jumps @ execute jumps cell+ @ execute
here ' sq compile, here swap - .
jumps 2 cells + @  ' sq = .
