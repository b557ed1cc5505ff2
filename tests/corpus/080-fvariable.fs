\ FVARIABLE, FCONSTANT, F! F@ and float arrays with FLOATS.
fvariable total  0e total f!
3.14159e fconstant my-pi
: add ( f -- ) total f@ f+ total f! ;
1.5e add 2.25e add 0.25e add total f@ f. cr
my-pi 2e f* f. cr
create samples 5 floats allot
: sample ( i -- addr ) floats samples + ;
: fill-samples 5 0 do i s>f 0.5e f* i sample f! loop ;
: sum-samples 0e 5 0 do i sample f@ f+ loop ;
fill-samples sum-samples f. cr
1 floats . 1 float+ . cr
