\ HERE, ALLOT, , and C, in the dictionary; ALIGN and ALIGNED.
here 10 allot here swap - . cr
here 3 cells allot here swap - . cr
create bytes 1 c, 2 c, 3 c,
bytes c@ bytes 1+ c@ bytes 2 + c@ + + . cr
1 aligned . 8 aligned . 9 aligned . 0 aligned . cr
here 1 allot align here swap - . cr
create tbl 10 , 20 , 30 ,
tbl 2 cells + @ tbl @ - . cr
here unused + here unused + = . cr
