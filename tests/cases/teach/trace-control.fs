\ TRACE shows the steps that take a flag or step a loop as the words
\ written (if, of, do, loop …), and ." as one step with its text.
: classify ( n -- ) dup 0< if ." negative " else ." not negative " then drop ;
: count3 ( -- ) 3 0 do i drop loop ;
: pick-one ( n -- ) case 1 of ." one " endof ." other " endcase ;
trace classify  trace count3  trace pick-one
-5 classify
count3
1 pick-one
