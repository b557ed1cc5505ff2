\ S" TYPE and string lengths; ." and .( in different places.
s" Hello, Forth!" type cr
s" Hello, Forth!" nip . cr
: greet ( addr u -- ) ." Hello, " type ." !" cr ;
s" world" greet s" gforth" greet
.( printed while interpreting) cr
: twice ( addr u -- ) 2dup type type ;
s" ab" twice cr
