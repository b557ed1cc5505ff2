\ A table of numbers in several bases, lined up.
: col ( n base -- ) base @ >r base ! 12 u.r r> base ! ;
: .header ." dec       hex       oct       bin" cr ;
: line ( n -- ) dup 10 col dup 16 col dup 8 col 2 col cr ;
.header 1 line 9 line 16 line 100 line 255 line 1000 line
