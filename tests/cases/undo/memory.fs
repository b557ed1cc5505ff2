\ Stores to variables, BASE and the heap go back too.
variable v  5 v !
7 v !
v @ .
undo
v @ .
hex
ff
undo
undo
255 .
100 allocate throw value blk
42 blk !
undo
blk @ .
