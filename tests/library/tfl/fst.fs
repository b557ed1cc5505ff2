\ tfl/fst.fs -- floating-point statistics and numerics: running mean and
\ variance of a series (Welford's method), polynomials, a least-squares
\ line, square roots by Newton's method.
\
\   fst-init ( fst -- )      fst-add ( r fst -- )     fst-mean ( fst -- r )
\   fpoly ( r1 f-addr u -- r2 )     coefficients from the highest power
\   fline ( x-addr y-addr u -- r-slope r-intercept )

require config.fs

[undefined] fst.version [if]

100 constant fst.version

s" too few values" exception constant fst.err-few    ( -- n )

begin-structure fst%
  field:  fst>n         \ values seen
  ffield: fst>mean
  ffield: fst>m2        \ sum of squared differences from the mean
  ffield: fst>min
  ffield: fst>max
end-structure

: fst-init ( fst -- )
  0 over fst>n !
  0e dup fst>mean f!  0e dup fst>m2 f!  0e dup fst>min f!  0e fst>max f! ;

: fst-new ( -- fst )  fst% allocate throw  dup fst-init ;
: fst-count ( fst -- u )  fst>n @ ;

: fst-add ( r fst -- )
  {: fst :}
  fst fst>n @ 0= if
    fdup fst fst>min f!  fdup fst fst>max f!
  else
    fdup fst fst>min f@ fmin fst fst>min f!
    fdup fst fst>max f@ fmax fst fst>max f!
  then
  1 fst fst>n +!
  fdup fst fst>mean f@ f-                       ( x delta )
  fdup fst fst>n @ s>f f/  fst fst>mean f@ f+  fst fst>mean f!
  fswap fst fst>mean f@ f-  f*  fst fst>m2 f@ f+  fst fst>m2 f! ;

: fst-add-array ( f-addr u fst -- )
  {: fst :}
  floats bounds ?do  i f@ fst fst-add  float +loop ;

: fst.need ( fst u -- fst ) \ throw unless fst has seen u values
  over fst>n @ > if  fst.err-few throw  then ;

: fst-mean ( fst -- r )  1 fst.need fst>mean f@ ;
: fst-min ( fst -- r )  1 fst.need fst>min f@ ;
: fst-max ( fst -- r )  1 fst.need fst>max f@ ;

: fst-variance ( fst -- r ) \ of a sample: divided by n - 1
  2 fst.need  dup fst>m2 f@  fst>n @ 1- s>f f/ ;

: fst-stddev ( fst -- r )  fst-variance fsqrt ;

\ ---------------------------------------------------------------------
\ Numerics

: fpoly ( r1 f-addr u -- r2 ) \ sum of a[i] * r1^(u-1-i), by Horner's rule
  0e  floats bounds ?do
    fover f*  i f@ f+
  float +loop  fnip ;

: fnewton-sqrt ( r1 -- r2 ) \ r1 >= 0
  fdup f0= if  exit  then
  fdup f>r                                      ( guess ) ( R: r1 )
  100 begin
    fdup  fr@ fover f/ f+  2e f/                ( old new )
    fswap fover f- fabs  fover 1e-15 f* f>
    over 0> and
  while  1-  repeat drop
  fr> fdrop ;

fvariable fst.sx   fvariable fst.sy
fvariable fst.sxx  fvariable fst.sxy

: fline ( x-addr y-addr u -- r-slope r-intercept ) \ least squares
  dup 2 < if  fst.err-few throw  then
  {: xs ys u :}
  0e fst.sx f!  0e fst.sy f!  0e fst.sxx f!  0e fst.sxy f!
  u 0 ?do
    xs i floats + f@  ys i floats + f@          ( x y )
    fover fst.sx f@ f+ fst.sx f!
    fdup  fst.sy f@ f+ fst.sy f!
    fover f*  fst.sxy f@ f+ fst.sxy f!
    fdup f*  fst.sxx f@ f+ fst.sxx f!
  loop
  u s>f  fdup fst.sxy f@ f*  fst.sx f@ fst.sy f@ f* f-
  fswap fst.sxx f@ f*  fst.sx f@ fdup f* f-  f/  ( slope )
  fst.sy f@  fover fst.sx f@ f* f-  u s>f f/ ;

[then]
