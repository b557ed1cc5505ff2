\ require random.fs gives gforth's random ( n -- 0..n-1 ) and seed, in front of playforth's own
require random.fs
42 seed ! 10 random 10 random .s
42 seed ! 10 random 10 random d= .
: dice ( -- 1..6 ) 6 random 1+ ;
dice 1 7 within .
5 choose 0 5 within .
require random.fs
include string.fs
