\ `;` before a structure is closed: the error names the word that opened
\ it, where, and what closes it, without the compiler's control-flow cells.
: t 0> if ." pos" ;
: w 1 if 2 else 3 ;
: v 1 0 do i ;
: x 1 case 1 of 2 ;
: y begin 1 ;
\ Nothing was defined.
t
: u2 1 case 1 of 2 endof ;
: t2 begin begin 1 until ;
: t3 5 begin dup while 1- ;
: t4 ( n -- )
  0> if ." positive"
  cr ;
