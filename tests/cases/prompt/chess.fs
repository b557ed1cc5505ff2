\ stdin: \nzz\ne3e4\ne7e5\ng1g3\ne2e5\n?\n  G1-F3 \n
\ stdin: e2d3\ne2e4\ne1e2\ne8e7\nQ\n
\ stdin: e7e8x\ne7e8\ne7-e8=N\n
\ Chess: the prompt's example is a legal move; each kind of rejected move
\ says why; moves may be typed with a dash and in upper case.
include examples/chess.fs
human-move .move
\ A pinned bishop, a bishop's wrong line, a square the own bishop holds, a black rook; Q quits.
s" 4r1k1/8/8/8/8/8/4B3/4K3 w - - 0 1" setup .board
human-move .
\ Promotion: queen unless a letter says otherwise; a bad letter is a format error.
s" 8/4P3/8/8/8/8/8/k3K3 w - - 0 1" setup
human-move .move cr human-move .move
