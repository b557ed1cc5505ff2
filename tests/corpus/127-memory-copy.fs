\ Overlapping MOVE in both directions, and comparing memory with COMPARE.
create a 16 allot
: reset s" 0123456789ABCDEF" a swap move ;
: .a a 16 type cr ;
reset a a 4 + 8 move .a
reset a 4 + a 8 move .a
reset a 2 + a 3 + 5 cmove .a
reset a a 1+ 5 cmove> .a
reset a 4 a 8 + 4 compare . a 4 a 4 compare . cr
