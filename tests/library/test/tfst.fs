\ test/tfst.fs -- tests of tfl/fst.fs

require tester.fs
require ../tfl/fst.fs

s" tfst" t-begin

create values  falign  2e f, 4e f, 4e f, 4e f, 5e f, 5e f, 7e f, 9e f,

fst-new constant st
t{ st fst-count -> 0 }t
t{ st ' fst-mean t-catch -> fst.err-few }t
t{ values 8 st fst-add-array  st fst-count -> 8 }t
t{ st fst-mean -> }t  5e t-float
t{ st fst-variance -> }t  32e 7e f/ t-float
t{ st fst-min st fst-max -> }t  9e t-float  2e t-float
t{ 1e st fst-add  st fst-count -> 9 }t
t{ st fst-min -> }t  1e t-float
t{ st fst-stddev -> }t  st fst-variance fsqrt t-float

: .stat ( fst -- )
  ." n=" dup fst-count 0 .r
  ."  mean=" dup fst-mean f.
  ." min=" dup fst-min f.
  ." max=" fst-max f. cr ;
st .stat
st fst-init
t{ 3e st fst-add  st ' fst-variance t-catch -> fst.err-few }t
t{ 5e st fst-add  st fst-variance -> }t  2e t-float
st .stat

\ 2x^2 - 3x + 1
create poly  falign  2e f, -3e f, 1e f,
t{ 0e poly 3 fpoly -> }t  1e t-float
t{ 1e poly 3 fpoly -> }t  0e t-float
t{ 2.5e poly 3 fpoly -> }t  6e t-float
t{ -1e poly 3 fpoly -> }t  6e t-float
t{ 7e poly 0 fpoly -> }t  0e t-float

t{ 2e fnewton-sqrt -> }t  2e fsqrt t-float
t{ 0e fnewton-sqrt -> }t  0e t-float
t{ 1e10 fnewton-sqrt -> }t  1e5 t-float
t{ 0.25e fnewton-sqrt -> }t  0.5e t-float

create xs  falign  1e f, 2e f, 3e f, 4e f, 5e f,
create ys  falign  3e f, 5e f, 7e f, 9e f, 11e f,
t{ xs ys 5 fline -> }t  1e t-float  2e t-float
create ys2 falign  2e f, 4e f, 5e f, 4e f, 5e f,
t{ xs ys2 5 fline -> }t  2.2e t-float  0.6e t-float
t{ xs ys 1 ' fline t-catch -> fst.err-few }t

0.5e f. 100e f. -3.25e f. 1e 3e f/ f. cr
6 set-precision  1e 3e f/ f. 2e fsqrt f. 12345.678e f. cr
15 set-precision

t-end
