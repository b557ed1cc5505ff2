\ A castling right needs its king and its rook on their first squares:
\ setup refuses a right that does not fit the board.
include examples/chess.fs
s" 4k3/8/8/8/8/8/8/K6R w K - 0 1" setup
s" r3k2r/8/8/8/8/8/8/R3K1R1 w KQkq - 0 1" setup
s" r3k2r/8/8/8/8/8/8/1R2K2R w KQkq - 0 1" setup
s" r3k1r1/8/8/8/8/8/8/R3K2R w KQkq - 0 1" setup
s" 1r2k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1" setup
s" r2k3r/8/8/8/8/8/8/R3K2R w KQkq - 0 1" setup
s" 4k3/8/8/8/8/8/8/K6R w - - 0 1" setup 1 perft .
\ Even with a right forced onto the board, no castling without the king at home.
board pos ! white-short castling c!  1 perft .
s" r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1" setup 1 perft .
