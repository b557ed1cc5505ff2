\ F~: absolute (r3 > 0), exact bits (r3 = 0), relative (r3 < 0).
1e 1.05e 0.1e f~ .
1e 1.2e 0.1e f~ .
1e 1e 0e f~ .
0.1e 0.2e f+ 0.3e 0e f~ .
0.1e 0.2e f+ 0.3e -1e-15 f~ .
1000e 1001e -0.001e f~ .
1000e 1010e -0.001e f~ .
