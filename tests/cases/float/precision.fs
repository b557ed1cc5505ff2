\ SET-PRECISION changes how many significant digits print.
precision .
3 set-precision
1e 3e f/ f. 123456e f. 123456e fe. 123456e fs. 9.99e f.
20 set-precision 1e 3e f/ f.
0 set-precision
precision .
