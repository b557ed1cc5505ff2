\ Blanks between the FEN's fields, the digits of a rank, the move counters
\ and the end of the text: setup names what is wrong.
include examples/chess.fs
s" rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR   w  KQkq  -  0  1  " setup 1 perft .
s" rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w" setup 1 perft .
s" rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 extra junk" setup
s" k9/8/8/8/8/8/8/K7 w - - 0 1" setup
s" k0/7/8/8/8/8/8/K7 w - - 0 1" setup
s" rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1" setup
s" rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR white KQkq - 0 1" setup
\ The halfmove clock counts toward the fifty-move rule.
s" 4k3/8/8/8/8/8/8/K6R w - - 99 80" setup clock @ .  s" 4k3/8/8/8/8/8/8/K6R w - -" setup clock @ .
