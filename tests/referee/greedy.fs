\ A contest bot for the referee's tests: takes a piece when it can, else
\ moves where no enemy piece can take it next, else anywhere; at random
\ among equals.
\   playforth greedy.fs bot OPPONENT SIDE c1 ... c25   writes play.txt
\ Like the seed's bot it writes "x y x y ... " (a space after each number).

create board 25 allot
variable side
: arg>n ( c-addr u -- n ) 0 0 2swap >number 2drop drop ;
: read-position ( -- )          \ after "bot": the opponent, the side, 25 cells
  next-arg 2drop  next-arg 2drop  next-arg arg>n side !
  25 0 do next-arg arg>n board i + c! loop ;

create moves 50 cells allot     \ each move is from*25+to
variable #moves
: move, ( from to -- ) swap 25 * + moves #moves @ cells + !  1 #moves +! ;
: collect ( -- )                \ every (piece, destination) of the side to move
  0 #moves !
  25 0 do
    board i + c@ side @ = if
      board i reach  25 0 do dup 1 i lshift and if j i move, then loop drop
    then
  loop ;

create the-path 6 cells allot
create out 80 allot
variable #out
: out+ ( c-addr u -- ) tuck out #out @ + swap move #out +! ;
: n>out ( n -- ) s>d <# #s #> out+  s"  " out+ ;
: square>out ( sq -- ) 5 /mod swap n>out n>out ;

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

: main ( -- )
  read-position collect  #moves @ 0= if exit then
  choose-move 25 /mod swap                      ( from to )
  board -rot the-path path                      ( steps )
  0 #out !  1+ 0 do the-path i cells + @ square>out loop
  s" play.txt" w/o create-file throw
  dup out #out @ rot write-file throw  close-file throw ;
main
