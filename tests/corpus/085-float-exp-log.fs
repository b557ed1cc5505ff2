\ FEXP FLN FLOG F** and compound interest.
1e fexp f. 1e fln f. 100e flog f. 2e 10e f** f. cr
: compound ( F: p r -- t ) ( years -- ) s>f fswap 1e f+ fswap f** f* ;
1000e 0.05e 10 compound f. cr
2e fln 10e fln f/ f. cr
