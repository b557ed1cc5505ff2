: find5 ( -- ) 10 0 do i 5 = if ." found" leave then loop ;
find5
: first-even ( -- n ) 10 1 do i 2 mod 0= if i unloop exit then loop 0 ;
first-even
