\ Assigning to locals with TO; a local as an accumulator.
: sum-to { n -- s } 0 { acc } n 1+ 1 ?do acc i + to acc loop acc ;
10 sum-to . 100 sum-to . cr
: minmax { a b c -- min max } a { lo } a { hi }
  b lo < if b to lo then c lo < if c to lo then
  b hi > if b to hi then c hi > if c to hi then lo hi ;
3 9 1 minmax . . cr
7 7 7 minmax . . cr
: power { base exp -- r } 1 { r } exp 0 ?do r base * to r loop r ;
2 16 power . 3 3 power . cr
