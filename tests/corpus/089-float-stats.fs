\ Mean and standard deviation of a data set.
create data 2e f, 4e f, 4e f, 4e f, 5e f, 5e f, 7e f, 9e f,
8 constant n
: x@ ( i -- f ) floats data + f@ ;
: mean ( -- f ) 0e n 0 do i x@ f+ loop n s>f f/ ;
fvariable m
: variance ( -- f ) mean m f! 0e n 0 do i x@ m f@ f- fdup f* f+ loop n s>f f/ ;
mean f. variance f. variance fsqrt f. cr
