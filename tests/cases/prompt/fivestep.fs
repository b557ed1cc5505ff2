\ stdin: \nzz\nc3c4\ne1d1\na1e5\na1e1\n?\n A1-C2 \n
\ stdin: a1b1\na1b2\nq\n
\ The five-step game: a1-style squares, each refusal says why.
include examples/fivestep.fs
.board .turn
human-move swap .square .square
\ Player 1's piece on a1 is walled in by its own pieces: it cannot reach b2.
s" 1100010000000000000000002 1" setup .board
human-move . .
