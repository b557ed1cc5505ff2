: add3 ( n -- n+3 ) 3 +
4 add3 .
: fact ( n -- n! ) dup 1 > if dup 1- fact * then ;
\ A `;` forgotten before the next definition; CHAR where [CHAR] was meant.
: a1 ( -- ) 1 .
: b1 ( -- ) 2 . ;
: stars ( n -- ) 0 ?do char * emit loop ;
\ A digit the base does not have; one letter gets no guesses.
8 base ! 9 decimal
a
