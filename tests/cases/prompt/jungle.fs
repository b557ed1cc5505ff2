\ stdin: \n A3A4 \n
\ stdin: b3b7\nc3c4\nd2d1\nd2c2\ng2g3\nb4a4\na4a5\na1a2\nb3d3\nzz\n?\nb4-b5\n
\ Jungle: every reason a move can be refused, then the legal rat fight in the river.
include examples/jungle.fs
human-move swap .square .square
\ A's lion b3, leopard c3, rat in the river b4, cat c2, wolf d2 (on its trap
\ beside the den), dog g2; B's rat b5 in the river, cat a4, wolf g3.
s" 7/7/7/7/1r5/cR5/1LP3w/2CW2D/7 w" setup .board .turn
human-move swap .square .square
