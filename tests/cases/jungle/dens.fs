include examples/jungle.fs
: put ( rank side sq -- ) >r piece r> board + c! ;
: clear ( -- ) board #squares erase  0 side ! ;
\ Never into your own den: A's dog on d2 may not step to d1.
clear  2 0 10 put  0 1 62 put
10 .moves-from
\ Entering the enemy den wins: A's cat on d8 steps into d9; B has then lost.
clear  1 0 52 put  0 1 62 put
52 .moves-from
board 52 + c@  board 59 + c!  0 board 52 + c!  board pos !  1 lost?
\ Capturing the last enemy animal wins too.
clear  1 0 52 put  0 1 53 put  1 lost?  0 board 53 + c!  1 lost?
\ From the start, 24 moves; perft follows GAMES.md.
start .moves
3 perft
