\ ~~ prints where it is and the stack (on stderr); assert( ... ) aborts when false
: f 1 2 ~~ + ;
f .
: check ( n -- ) assert( dup 0> ) drop ;
5 check
-5 check
