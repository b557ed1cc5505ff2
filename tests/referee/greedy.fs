\ A contest bot for the referee's tests: takes a piece when it can, else
\ moves where no enemy piece can take it next, else anywhere; at random
\ among equals.
\   playforth greedy.fs bot OPPONENT SIDE c1 ... c25   writes play.txt

require ./lib/bot.fs

create after 25 allot           \ the board after a move
: made ( from to -- ) board after 25 move  over after + c@ over after + c!  drop  0 swap after + c! ;
: enemy? ( piece -- flag ) dup 0<> swap side @ <> and ;
: safe? ( from to -- flag )     \ after the move, no enemy piece can take on to
  tuck made  true 25 0 do
    after i + c@ enemy? if after i reach 2 pick rshift 1 and if drop false then then
  loop nip ;
: capture? ( move -- flag ) 25 mod board + c@ enemy? ;

create picks 50 cells allot
variable #picks
: keep ( move -- ) picks #picks @ cells + !  1 #picks +! ;
: choose-move ( -- move )
  0 #picks !  #moves @ 0 do moves i cells + @ dup capture? if keep else drop then loop
  #picks @ 0= if
    #moves @ 0 do moves i cells + @ dup 25 /mod swap safe? if keep else drop then loop
  then
  #picks @ if #picks @ choose cells picks + @ else #moves @ choose cells moves + @ then ;
' choose-move play
