: sq ( n -- n*n ) dup * ;
: quad ( n -- n^4 ) sq sq ;
trace quad
3 quad .
untrace quad
2 quad .
: countdown ( n -- ) begin dup . 1- dup 0= until drop ;
trace countdown
2 countdown
trace dup
trace quad trace countdown
untrace
2 quad . 1 countdown
