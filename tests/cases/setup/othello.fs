\ setup checks its text and says what is wrong; a bad text leaves the
\ game's position as it was.
include examples/othello.fs
s" ...........................XO......OX........................... X" setup 1 perft .
s" ...........................XO......OX.........................." setup
s" ...........................XO......OX............................ X" setup
s" ...........................XO......OX...........................-X" setup
s" ...........................XO......OX........................... Y" setup
s" ...........................XO......OZ........................... X" setup
1 perft .
