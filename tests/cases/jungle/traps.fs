include examples/jungle.fs
: put ( rank side sq -- ) >r piece r> board + c! ;
: clear ( -- ) board #squares erase  0 side ! ;
\ B's lion stands on A's trap c1: A's rat on b1 may take it.
clear  lion 1 2 put  rat 0 1 put  .board
1 .moves-from
\ On B's own trap c9 an A piece gets no such help: A's cat cannot take B's dog there.
clear  2 1 58 put  1 0 57 put  0 1 40 put
57 .moves-from
\ A's elephant may take B's rat on A's trap d2, though it never takes a rat elsewhere.
clear  rat 1 10 put  elephant 0 11 put
11 .moves-from
clear  rat 1 18 put  elephant 0 11 put  rat 1 40 put
11 .moves-from
