\ The game's draws: a position (board and side to move) seen a third time,
\ or fifty moves without a capture.
include examples/fivestep.fs
0 #history ! remember remember .draw?
remember .draw?
2 side ! .draw?
s" 1000000000002000000000001 1" setup 0 #history ! remember max-history #history ! .draw?
