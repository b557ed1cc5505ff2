\ Numerical integration with the trapezium rule and a deferred function.
defer fn
fvariable lo fvariable step
: trapezium ( F: a b -- area ) ( n -- )
  fover lo f!  fswap f-  dup s>f f/ step f!
  lo f@ fn lo f@ step f@ dup s>f f* f+ fn f+ 2e f/
  1 ?do lo f@ i s>f step f@ f* f+ fn f+ loop  step f@ f* ;
: square fdup f* ;
' square is fn  0e 1e 100 trapezium f. cr
' fsin is fn  0e pi 1000 trapezium f. cr
:noname 1e fswap f/ ; is fn  1e 2e 1000 trapezium f. cr
