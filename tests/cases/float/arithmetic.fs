\ Arithmetic on floats.
1e 2e f+ f.
1e 2e f- f.
3e 4e f* f.
1e 3e f/ f.
2.5e fnegate f.
-2.5e fabs f.
1e 2e fmax f. 1e 2e fmin f.
2e 10e f** f.
2e fsqrt f.
1.5e f2* f. 1.5e f2/ f. 4e 1/f f.
