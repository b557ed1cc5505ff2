\ At `;` common runs of words are fused into one instruction (`dup 5 < if`,
\ `1 +`, `i c@`, `+ ;`, a jump to EXIT); SEE still shows the words written.
create buf 4 allot
: fused ( n -- n ) dup 5 < if 1 + else 4 buf + c@ then ;
see fused
: bytes ( -- n ) 0 4 0 do buf i + c@ + loop ;
see bytes
: sum3 ( a b c -- n ) + + ;
see sum3
