\ setup checks its text and says what is wrong; a bad text leaves the
\ game's position as it was.
include examples/othello.fs
s" ...........................OX......XO........................... X" setup 1 perft .
s" ...........................OX......XO.........................." setup
s" ...........................OX......XO............................ X" setup
s" ...........................OX......XO...........................-X" setup
s" ...........................OX......XO........................... Y" setup
s" ...........................XO......OZ........................... X" setup
1 perft .
