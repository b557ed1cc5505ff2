\ The return stack: >R R> R@ RDROP 2>R 2R> 2R@ as gforth code uses them.
: sum3 ( a b c -- s ) >r + r> + ;
1 2 3 sum3 . cr
: keep-second ( a b -- b ) >r drop r@ rdrop ;
10 20 keep-second . cr
: dup-pair ( a b -- a b a b ) 2>r 2r@ 2r> ;
5 6 dup-pair . . . . cr
: early ( n -- ) dup 0< if drop ." negative" exit then >r r@ . r@ 2* . rdrop ;
-1 early cr 21 early cr
: count-loops ( -- n ) 0 5 0 do 3 0 do 1+ loop loop ;
count-loops . cr
