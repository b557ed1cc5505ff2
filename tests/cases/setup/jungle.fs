\ setup checks its text and says what is wrong; a bad text leaves the
\ game's position as it was.
include examples/jungle.fs
s" l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L w" setup 1 perft .
s" l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L" setup
s" l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L x" setup
s" l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L/7 w" setup
s" l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1 w" setup
s" l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D11/T5L w" setup
s" l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5LL w" setup
s" l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5X w" setup
s" l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T4LL w" setup
s" l5t/1d3c1/r1p1w1e/7/7/1E5/2W1P1R/1C3D1/T5L w" setup
s" l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/5D1/T2C2L w" setup
1 perft .
