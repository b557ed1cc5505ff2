\ Unsigned printing, U< and big numbers.
-1 u. cr
-1 . cr
1 63 lshift u. 1 63 lshift . cr
3 5 u< . -1 5 u< . 5 -1 u< . cr
1000000 dup * . cr
hex -1 u. decimal cr
