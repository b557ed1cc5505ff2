\ gforth's random.fs: a seeded generator gives a repeatable sequence.
require random.fs
12345 seed !
: rolls ( n -- ) 0 ?do 6 random 1+ . loop cr ;
10 rolls
12345 seed ! 10 rolls
: in-range? ( n -- f ) true swap 0 ?do 100 random 100 u< and loop ;
1000 in-range? . cr
42 seed ! rnd rnd rnd . . . cr
