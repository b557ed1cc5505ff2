\ What the referee tests' Forth bots share: reading the position from the
\ command line, every (piece, destination) of the side to move, and
\ writing the chosen move to play.txt as the seed's bot does ("x y x y ",
\ a space after each number). A bot says how it chooses:
\   require ./lib/bot.fs  : my-choice ( -- move ) ... ;  ' my-choice play

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

: write-move ( move -- )         \ the path of from*25+to, into play.txt
  25 /mod swap                                  ( from to )
  board -rot the-path path                      ( steps )
  0 #out !  1+ 0 do the-path i cells + @ square>out loop
  s" play.txt" w/o create-file throw
  dup out #out @ rot write-file throw  close-file throw ;
: play ( xt -- )                \ xt ( -- move ) picks one of the moves found
  read-position collect  #moves @ 0= if drop exit then  execute write-move ;
