\ stdin: d8d9\na1b1\n
\ The game says why it ended, and the board no longer says who is to move:
\ a den entered, the last animal taken, a side that cannot move.
include examples/jungle.fs
: fresh ( humans -- ) humans !  -1 last-from !  0 plies ! ;
s" 7/3R3/7/7/7/7/7/7/r6 w" setup  1 fresh game
s" 7/7/7/7/7/7/7/7/Rr5 w" setup  1 fresh game
s" 7/7/7/7/7/7/7/c6/Rd5 w" setup  0 fresh game
