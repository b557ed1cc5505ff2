\ Blanks before the side to move, the digits of a rank and the end of the
\ text: setup names what is wrong.
include examples/jungle.fs
s" l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L    w  " setup 1 perft .
s" l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L b" setup 1 perft .
s" 8/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L w" setup
s" l0t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L w" setup
s" l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L w junk" setup
