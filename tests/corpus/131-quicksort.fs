\ Quicksort on a cell array (Lomuto partition), recursive.
create arr 33 , 7 , 21 , 4 , 99 , -5 , 12 , 0 , 58 , 7 ,
10 constant n
: a[] ( i -- addr ) cells arr + ;
: exch ( i j -- ) a[] swap a[] 2dup @ swap @ rot ! swap ! ;
variable pivot
: partition ( lo hi -- p )
  dup a[] @ pivot !  over 1- -rot  ( i lo hi )
  dup >r swap ?do i a[] @ pivot @ <= if 1+ dup i exch then loop
  1+ dup r> exch ;
: qsort ( lo hi -- )
  2dup < 0= if 2drop exit then
  2dup partition  ( lo hi p )
  rot over 1- recurse  1+ swap recurse ;
: .arr n 0 do i a[] @ . loop cr ;
.arr 0 n 1- qsort .arr
