\ Newton's method for square roots, compared with FSQRT.
: newton ( f -- f ) fdup 2e f/ 20 0 do fover fover f/ f+ 2e f/ loop fswap fdrop ;
2e newton f. 2e fsqrt f. cr
10e newton f. 10e fsqrt f. cr
1e6 newton f. cr
: close? ( f1 f2 -- flag ) 1e-12 f~ ;
2e newton 2e fsqrt close? . cr
