\ The game's draws by the rules: a position seen a third time, fifty moves
\ each without a capture or a pawn move, and too little material to mate.
include examples/chess.fs
0 #history ! remember remember .draw?
remember .draw?
s" 8/8/8/4k3/8/8/8/4KR2 w - - 0 1" setup 0 #history ! remember .draw?
max-history #history ! .draw?
s" 8/8/8/4k3/8/8/8/4KB2 w - - 0 1" setup 0 #history ! remember .draw?
\ A knight move g1f3 keeps the history; a pawn move e2e4 starts it again.
start  6 2 16 * 5 + 0 encode irreversible?  1 16 * 4 + 3 16 * 4 + 0 encode irreversible?
