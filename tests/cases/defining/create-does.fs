: counter ( n "name" -- ) create , does> ( -- n ) dup @ swap 1 over +! drop ;
3 counter c3
c3 c3 c3
