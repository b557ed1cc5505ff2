create b 64 allot  b 64 erase
: put ( color sq -- ) b + c! ;
: .row ( r -- ) 8 * 8 0 do b over i + + c@ 0 .r loop drop space ;
: .b ( -- ) 8 0 do i .row loop ;
\ White on the eight neighbours of d4 (square 27), black two steps away.
: ring ( s1 .. s8 color -- ) 8 0 do tuck swap put loop drop ;
18 19 20 26 28 34 35 36  2 ring
9 11 13 25 29 41 43 45  1 ring
.b
b 27 1 flips
b 27 1 flip
.b
