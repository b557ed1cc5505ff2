include examples/chess.fs
\ En passant: black's d7-d5 allows e5xd6.
s" rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3" setup .board 1 perft
\ Promotion: four pieces to choose from, on a push and on a capture.
s" 1n5k/P7/8/8/8/8/8/7K w - - 0 1" setup 1 perft
\ Castling both ways, and not through an attacked square.
s" r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1" setup 1 perft
s" r3k2r/8/8/8/8/8/5r2/R3K2R w KQkq - 0 1" setup 1 perft
\ Checkmate (no legal move, in check) and stalemate.
s" 7k/6Q1/6K1/8/8/8/8/8 b - - 0 1" setup legal-moves# board pos ! me in-check?
s" 7k/8/6QK/8/8/8/8/8 b - - 0 1" setup legal-moves# board pos ! me in-check?
