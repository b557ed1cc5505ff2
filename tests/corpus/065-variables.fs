\ VARIABLE, CONSTANT, 2VARIABLE, 2CONSTANT, +! and friends.
variable x  5 x !  3 x +!  x @ . cr
10 constant ten  ten ten * . cr
2variable pair  1 2 pair 2!  pair 2@ . . cr
1000000. 2constant million  million d. cr
variable flag  flag on flag @ . flag off flag @ . cr
create counters 3 cells allot counters 3 cells erase
: bump ( i -- ) cells counters + 1 swap +! ;
0 bump 2 bump 2 bump 2 bump
counters @ . counters cell+ @ . counters 2 cells + @ . cr
