\ gforth's RECURSIVE lets a word call itself by name.
: fact ( n -- n! ) recursive dup 2 < if drop 1 else dup 1- fact * then ;
10 fact . cr
: count-down ( n -- ) recursive dup 0< if drop exit then dup . 1- count-down ;
5 count-down cr
: sum-list ( n*x n -- s ) recursive dup 0= if exit then 1- swap >r sum-list r> + ;
1 2 3 4 4 sum-list . cr
