\ Scientific and engineering output: FS. and FE.
1234.5e fs. 1234.5e fe. cr
0.000123e fs. 0.000123e fe. cr
1e fs. 1e fe. cr
-98765e fs. -98765e fe. cr
6.02214e23 fs. 6.62607e-34 fe. cr
