\ Binary numbers padded to a fixed width with pictured output.
: .bin8 ( u -- ) base @ >r 2 base ! 0 <# 8 0 do # loop #> type r> base ! ;
: .hex4 ( u -- ) base @ >r hex 0 <# # # # # #> type r> base ! ;
: row ( n -- ) dup 3 .r space dup .bin8 space .hex4 cr ;
0 row 1 row 5 row 127 row 128 row 255 row
