\ Towers of Hanoi, printing the moves; pure stack juggling.
variable moves
: move-disk ( from to -- ) 1 moves +! ." move " swap 0 .r ."  -> " . cr ;
: hanoi ( n from to via -- )
  3 pick 0= if 2drop 2drop exit then
  3 pick 1-  3 pick  2 pick  4 pick  recurse
  2 pick 2 pick move-disk
  3 pick 1-  over  3 pick  5 pick  recurse
  2drop 2drop ;
0 moves ! 3 1 3 2 hanoi
moves @ . ." moves" cr

: quiet-count ( n -- m ) dup 0= if exit then 1- recurse 2* 1+ ;
10 quiet-count . 20 quiet-count . cr
