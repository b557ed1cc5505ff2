\ PRECISION and SET-PRECISION change how many digits F. shows.
precision . cr
1e 3e f/ f. cr
5 set-precision 1e 3e f/ f. 2e fsqrt f. 123456.789e f. cr
3 set-precision 1e 3e f/ f. 2e fsqrt f. cr
15 set-precision 1e 3e f/ f. cr
