\ A comment that names any number of items (`i*x`, `x1 .. xn`) has no
\ fixed effect to check: nothing is said, and `help` says why.
: run ( i*x xt -- j*x )  execute ;
: sum-n ( x1 .. xn n -- sum )  0 swap 0 ?do + loop ;
: drop-n ( x1 .. xn n -- )  0 ?do drop loop ;
1 2 3 3 sum-n .
help sum-n
help run
