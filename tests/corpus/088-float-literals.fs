\ Float literals in many spellings, inside and outside definitions.
1e0 f. 1.e f. 1.0e f. 10e-1 f. .5e f. cr
+1.5e f. -1.5e f. 1.5e+2 f. 1.5E2 f. 1.5e-2 f. cr
: lits 2e 0.25e f* f. -1e3 f. ;
lits cr
1e2 f>s . 12.5e2 f>s . cr
