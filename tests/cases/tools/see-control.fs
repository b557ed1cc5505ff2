\ SEE shows every control structure as words that compile back to it.
\ The standard's loop with two WHILEs: the second leaves to after REPEAT,
\ the first to the ELSE part.
: find5 ( n -- ) begin dup while dup 5 <> while 1- repeat ." found" else ." none" then drop ;
see find5
\ Two WHILEs leaving to the same place: a THEN after the REPEAT.
: to7 ( n -- n ) begin dup 0> while dup 7 <> while 1- repeat then ;
see to7
\ A WHILE in a BEGIN ... UNTIL loop.
: to3 ( n -- n ) begin dup while 1- dup 3 = until 100 + then ;
see to3
\ LEAVE, ?LEAVE, UNLOOP EXIT, +DO, -LOOP and ?DUP-IF as written.
: upto ( n -- ) 10 0 do i over = if leave then i 7 = ?leave i . loop drop ;
see upto
: first-even ( -- n ) 10 1 do i 2 mod 0= if i unloop exit then loop -1 ;
see first-even
: updown ( -- ) 10 0 +do i . 3 +loop 0 10 -do i . 4 -loop ;
see updown
: dec ( n -- n ) ?dup-if 1- then ;
see dec
\ A call of the word itself is RECURSE, whether written so or by name.
: fib ( n -- n ) recursive dup 2 < if exit then dup 1- fib swap 2 - fib + ;
see fib
\ POSTPONE of immediate words (IF, THEN) and of others (DUP).
: ?neg ( n -- ) postpone dup postpone 0< postpone if postpone negate postpone then ; immediate
see ?neg
see ?leave
\ Your own immediate word that only postpones shows as written.
: ?neg-abs ( n -- n ) ?neg ;
see ?neg-abs
\ Code no standard words compile to (made with CS-ROLL) shows its shape.
: odd ( -- ) begin ahead [ 1 cs-roll ] again then ;
see odd
