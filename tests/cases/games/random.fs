42 randomize random 42 randomize random =
7 randomize 6 choose 6 choose 6 choose 7 randomize 6 choose 6 choose 6 choose
: in-range? ( -- flag ) true 1000 0 do 10 choose 10 u< and loop ;
in-range?
0 choose
