include examples/jungle.fs
: put ( rank side sq -- ) >r piece r> board + c! ;
: clear ( -- ) board #squares erase  0 side ! ;
\ A's lion on b3 jumps over the river to b7; A's tiger on a4 jumps to d4.
clear  lion 0 15 put  tiger 0 21 put  0 1 62 put
15 .moves-from
21 .moves-from
\ A rat in the water blocks the jump, whichever side it belongs to.
clear  lion 0 15 put  rat 1 29 put  tiger 0 21 put  rat 0 23 put
15 .moves-from
21 .moves-from
\ A jump may capture on landing, by rank: the lion takes the tiger, not the elephant.
clear  lion 0 15 put  tiger 1 43 put  1 0 62 put
15 .moves-from
clear  lion 0 15 put  elephant 1 43 put
15 .moves-from
\ The leopard cannot jump.
clear  4 0 15 put  0 1 62 put
15 .moves-from
