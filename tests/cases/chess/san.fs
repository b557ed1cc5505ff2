\ stdin: Nd4\nKe2\nexd5\nNf3\n e4+ \nE2-E4\nNd2\nNbd2\nN1d2\nd5\nxd5\nexd5\ne8=K\ne8=N\ne8\nBxc4\nbxc4\nO-O-O\n0-0\nNe4\nKf1\nKd1\nq\n
\ Chess takes the usual algebraic notation besides the squares from and
\ to: a piece letter (none for a pawn), the file or rank it comes from
\ when needed, x for a capture, the square, =Q for a promotion, O-O and
\ O-O-O, and + or # if you like. Each refusal says why.
include examples/chess.fs
start human-move .move
start human-move .move
start human-move .move
\ Two knights can go to d2: say which, by its file or its rank.
s" 4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1" setup human-move .move
s" 4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1" setup human-move .move
\ A pawn that takes names its file; a promotion takes its letter, a queen when none.
s" 2k5/4P3/8/3p4/4P3/8/8/4K3 w - - 0 1" setup human-move .move
s" 2k5/4P3/8/3p4/4P3/8/8/4K3 w - - 0 1" setup human-move .move
s" 2k5/4P3/8/3p4/4P3/8/8/4K3 w - - 0 1" setup human-move .move
\ An upper-case B is the bishop, a lower-case b the b-file.
s" 4k3/8/8/8/2p5/1P6/8/4KB2 w - - 0 1" setup human-move .move
s" 4k3/8/8/8/2p5/1P6/8/4KB2 w - - 0 1" setup human-move .move
\ Castling, with the reason when it is not allowed.
s" 4k3/8/8/8/8/8/8/RN2K2R w KQ - 0 1" setup human-move .move
\ A pinned knight, a king walking into check, and q to stop (-1).
s" 4k3/8/8/8/1b6/8/3N4/4K3 w - - 0 1" setup human-move .move
s" 4k3/8/8/8/1b6/8/3r4/4K3 w - - 0 1" setup human-move .
