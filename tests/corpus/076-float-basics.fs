\ Float arithmetic and F. output.
1e f. 2.5e0 f. -3.2E-1 f. 1.5e3 f. cr
1e 2e f+ f. 10e 4e f- f. 3e 4e f* f. 1e 8e f/ f. cr
2e fsqrt f. 16e fsqrt f. cr
1e 3e f/ f. 2e 3e f/ f. cr
0e f. -0e f. 100e f. 1e10 f. cr
