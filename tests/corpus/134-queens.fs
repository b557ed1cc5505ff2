\ N-queens by backtracking: count the solutions, print the first board.
create qcols 10 cells allot
variable n variable solutions
: col ( row -- addr ) cells qcols + ;
: safe? ( row c -- f )
  over 0 ?do
    i col @ over = if 2drop false unloop exit then
    i col @ over - abs  2 pick i - = if 2drop false unloop exit then
  loop 2drop true ;
: .board n @ 0 do n @ 0 do j col @ i = if ." Q " else ." . " then loop cr loop ;
: place-queen ( row -- )
  dup n @ = if drop solutions @ 0= if .board then 1 solutions +! exit then
  n @ 0 do dup i safe? if i over col ! dup 1+ recurse then loop drop ;
: queens ( k -- ) n ! 0 solutions ! 0 place-queen n @ . ." queens: " solutions @ . cr ;
6 queens 8 queens
