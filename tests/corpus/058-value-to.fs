\ VALUE and TO, inside and outside definitions.
10 value width
20 value height
: area ( -- n ) width height * ;
area . cr
30 to width area . cr
: grow ( n -- ) dup width + to width height + to height ;
5 grow width . height . area . cr
0 value total
: add-up ( n -- ) 0 ?do i total + to total loop ;
10 add-up total . cr
