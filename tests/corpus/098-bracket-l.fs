\ Compile-time computation with [ ... ]L and LITERAL; LATESTXT.
: seconds-per-day [ 60 60 * 24 * ] literal ;
: seconds-per-week [ 60 60 * 24 * 7 * ]L ;
seconds-per-day . seconds-per-week . cr
: mask [ 1 12 lshift 1- ]L and ;
$12345 mask hex . decimal cr
: shout ." SHOUT" ;
latestxt execute cr
: hello ." hi" ; latestxt constant hello-xt
hello-xt execute cr
