: add3 ( n -- n+3 ) 3 +
4 add3 .
: fact ( n -- n! ) dup 1 > if dup 1- fact * then ;
