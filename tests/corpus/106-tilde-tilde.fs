\ gforth's ~~ prints the location and stack to stderr and leaves the stack alone.
: inspect ( n -- n ) dup 2* ~~ + ;
5 inspect . cr
1 2 ~~ + . cr
