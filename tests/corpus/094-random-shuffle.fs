\ Fisher-Yates shuffle with gforth's RANDOM, then a check by sorting.
require random.fs
create deck 10 cells allot
: init 10 0 do i deck i cells + ! loop ;
: card ( i -- addr ) cells deck + ;
: xchg ( i j -- ) card swap card 2dup @ swap @ rot ! swap ! ;
: shuffle 1 9 do i dup 1+ random xchg -1 +loop ;
: .deck 10 0 do i card @ . loop cr ;
: sum 0 10 0 do i card @ + loop ;
2024 seed ! init shuffle .deck sum . cr
2024 seed ! init shuffle .deck
