\ The picture words print nothing; bad input is an error that says what to do.
8 8 s" chess" picture  4 1 s" K" picture-piece  12 28 s" e2e4" picture-move  show-picture
show-picture
4 1 s" K" picture-piece
17 8 s" chess" picture
0 8 s" chess" picture
8 8 s" Chess" picture
8 8 s" chess" picture
64 1 s" K" picture-piece
4 3 s" K" picture-piece
4 1 s" K" picture-piece  4 2 s" k" picture-piece
5 1 s" " picture-piece
-1 19 s" d3" picture-move  12 28 s" e2e4" picture-move
-1 20 s\" e3\n" picture-move
s" Stone" s" 1" picture-choice  s" Cloth" s" 2" picture-choice
12 -1 picture-last
0 0 s" rps" picture  0 s" #" picture-ground
