\ Binary search in a sorted table.
create sorted 2 , 3 , 5 , 7 , 11 , 13 , 17 , 19 , 23 , 29 , 31 , 37 ,
12 constant #sorted
: nth ( i -- n ) cells sorted + @ ;
: bsearch ( key -- index|-1 )
  0 #sorted 1-  ( key lo hi )
  begin 2dup <= while
    2dup + 2/ dup nth 4 pick = if nip nip nip exit then
    dup nth 4 pick < if rot drop 1+ swap else nip 1- then
  repeat 2drop drop -1 ;
: try-key ( key -- ) dup . ." -> " bsearch . cr ;
2 try-key 17 try-key 37 try-key 4 try-key 40 try-key
