\ MOVE, CMOVE, CMOVE>, FILL, ERASE and BLANK on a buffer.
create buf 20 allot
: .buf ( -- ) buf 20 type ." |" cr ;
buf 20 char . fill .buf
s" abcdef" buf swap move .buf
buf buf 2 + 6 cmove> .buf
buf 10 + 5 blank .buf
buf 2 + buf 6 cmove .buf
: sum-buf ( -- n ) 0 buf 20 bounds do i c@ + loop ;
buf 20 erase sum-buf . cr
