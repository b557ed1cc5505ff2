\ gforth's DEC. and HEX. print in a base without changing BASE.
255 dec. 255 hex. 16 hex. cr
-1 hex. cr
hex 20 dec. 20 . decimal 20 . cr
: dump-row ( n -- ) dup dec. hex. cr ;
10 dump-row 4096 dump-row
