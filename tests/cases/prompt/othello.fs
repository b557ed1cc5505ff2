\ stdin: \n  E3 \nd4\ni9\nmoves\n?\n D3 \n
\ Othello's prompt: an empty line asks again, case and blanks do not
\ matter, a rejected move says why, ? and moves list the legal moves.
include examples/othello.fs
human-move .square
