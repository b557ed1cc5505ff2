\ Division by zero follows IEEE: infinities and NaN, no throw.
1e 0e f/ f.
-1e 0e f/ f.
0e 0e f/ f.
1e 0e f/ fs.
1e 0e f/ fe.
1e 0e f/ fnegate 1e 0e f/ f< .
0e 0e f/ fdup f= .
1e 0e f/ 1e f> .
-1e fsqrt f.
0e fln f.
