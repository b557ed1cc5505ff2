\ setup checks its text and says what is wrong; a bad text leaves the
\ game's position as it was.
include examples/chess.fs
s" rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1" setup 1 perft .
s" rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR w KQkq - 0 1" setup
s" rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8 w KQkq - 0 1" setup
s" rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1" setup
s" rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w KQkq - 0 1" setup
s" rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1" setup
s" rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1" setup
s" rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR" setup
s" rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQQBNR w KQkq - 0 1" setup
s" rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQxq - 0 1" setup
s" rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e4 0 1" setup
s" Pnbqkbnr/pppppppp/8/8/8/8/1PPPPPPP/RNBQKBNR w KQkq - 0 1" setup
s" 4k3/8/8/8/8/8/8/R3K3 w - - 0 1" setup 1 perft .
s" 4k3/8/8/8/8/8/8/4R1K1 w - - 0 1" setup
1 perft .
