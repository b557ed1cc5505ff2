\ Float literals need an exponent marker: 1.5 alone is a double integer.
1e f.
1.5e0 f.
-2.5E-3 f.
1e+3 f.
1.e f.
.5e f.
+1e f.
1e- f.
0e f. -0e f.
1e400 f.
