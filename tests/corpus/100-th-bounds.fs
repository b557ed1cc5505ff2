\ gforth conveniences: TH, BOUNDS, UNDER+, NOOP, ?DUP-IF, CELL.
create nums 10 , 20 , 30 , 40 , 50 ,
nums 0 th @ . nums 3 th @ . cr
: total ( addr n -- s ) 0 -rot cells bounds ?do i @ + cell +loop ;
nums 5 total . cr
1 2 10 under+ . . cr
5 noop . cr
: show-nonzero ( n -- ) ?dup-if ." value " . else ." zero" then cr ;
7 show-nonzero 0 show-nonzero
cell . 3 cells . cr
: count-chars ( a u c -- n ) 0 2swap bounds ?do over i c@ = if 1+ then loop nip ;
s" mississippi" char s count-chars . cr
