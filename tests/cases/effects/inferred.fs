\ Words without a stack comment get their effect inferred: see and help
\ show it. A word whose comment disagrees shows what its code does.
: cube dup dup * * ;
see cube
help cube
: swap-add over + ;
see swap-add
: area fdup f* pi f* ;
see area
: to-float s>f ;
see to-float
: bad ( n -- n ) dup dup ;
see bad
: unknown execute ;
see unknown
help unknown
