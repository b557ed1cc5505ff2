\ The stack words and .S.
1 2 3 .s cr
rot .s cr
-rot .s cr
swap over .s cr
nip tuck .s cr
2dup .s cr
2swap 2over .s cr
2drop 2drop 2drop .s cr
1 2 3 4 5 3 pick . 4 roll . .s cr
depth . 2drop 2drop depth . cr
7 ?dup .s 2drop 0 ?dup .s cr
