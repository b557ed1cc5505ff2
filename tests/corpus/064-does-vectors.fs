\ DOES> words that hold several values: 2-element vectors and table-of tables.
: vector ( x y "name" -- ) create , , does> ( -- x y ) dup cell+ @ swap @ ;
3 4 vector v1  -2 10 vector v2
v1 . . v2 . . cr
: v+ ( x1 y1 x2 y2 -- x y ) rot + >r + r> ;
v1 v2 v+ . . cr
: table-of ( n*x n "name" -- ) create dup , 0 ?do , loop does> ( i -- x ) dup @ rot - cells + @ ;
10 20 30 40 50 5 table-of tens
0 tens . 1 tens . 4 tens . cr
31 28 31 30 31 30 31 31 30 31 30 31 12 table-of days
: year-days 0 12 0 do i days + loop ;
year-days . cr
