\ Ackermann function, a classic deep recursion.
: ack ( m n -- a )
  over 0= if nip 1+ exit then
  dup 0= if drop 1- 1 recurse exit then
  over swap 1- recurse  swap 1- swap recurse ;
: row ( m -- ) 5 0 do dup i ack 5 .r loop drop cr ;
0 row 1 row 2 row 3 row
