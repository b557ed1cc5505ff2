\ Words without a stack comment get their effect inferred: see and help
\ show it. A word with a comment shows its comment, right or wrong.
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
