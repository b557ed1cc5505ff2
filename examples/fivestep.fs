\ The five-step game on a 5x5 board, against the computer.
\
\   playforth examples/fivestep.fs            you (1) against the computer (2)
\   playforth examples/fivestep.fs demo       the computer against itself
\   playforth examples/fivestep.fs bot OPPONENT SIDE c1 ... c25
\                                             contest bot: writes its move to play.txt
\   include examples/fivestep.fs              only load it; try  start .board
\
\ Squares are (x, y), stored at y*5+x; cells hold 0 empty, 1 or 2. A move
\ walks one piece 1 to 5 steps without revisiting a square, through empty
\ squares; it may land on an enemy piece (and take it) only on step five.
\ The built-in words reach, path and path-count know these rules.

\ ---- the position ----------------------------------------------------------

create board 25 allot
variable side                   \ 1 or 2: whose move it is

: other ( p -- p' ) 3 swap - ;
: at ( x y -- sq ) 5 * + ;
: start ( -- )
  board 25 erase  1 board c!  1 board 24 + c!  2 board 4 + c!  2 board 20 + c!
  1 side ! ;

: setup ( c-addr u -- )         \ 25 digits 0 1 2 row by row, a space, the side
  dup 27 < abort" setup wants 25 cells, a space and the side to move (1 or 2)"
  over 26 + c@ [char] 0 - dup 1 3 within 0= abort" the side to move must be 1 or 2" side !
  drop 25 0 do
    dup i + c@ [char] 0 - dup 0 3 within 0= abort" cells are 0, 1 or 2"  board i + c!
  loop drop ;

: .board ( -- )
  cr ."     x: 0 1 2 3 4" cr
  5 0 do
    ."   y" i 0 .r ." : "  5 0 do board j 5 * i + + c@ 0 .r space loop cr
  loop ;

: .square ( sq -- ) 5 /mod swap 0 .r space 0 .r ;

\ ---- moves --------------------------------------------------------------
\ A move is a piece's square and a destination; the board afterwards does
\ not depend on the path taken.

16 constant max-ply
create boards 25 max-ply 2 + * allot
variable ply
: board# ( -- addr ) ply @ 25 * boards + ;
: child# ( -- addr ) board# 25 + ;

: pieces ( board p -- n ) 0 25 0 do 2 pick i + c@ 2 pick = - loop nip nip ;

: moves? ( board p -- flag )    \ does p have any legal move?
  false 25 0 do
    2 pick i + c@ 2 pick = if 2 pick i reach 0<> or then
  loop nip nip ;

: move! ( board from to -- )    \ make the move on board
  rot >r  r@ 2 pick + c@  r@ rot + c!  0 swap r> + c! ;

create colors max-ply 2 + cells allot
create depths max-ply 2 + cells allot
create alphas max-ply 2 + cells allot
create betas  max-ply 2 + cells allot
create froms  max-ply 2 + cells allot
create dests  max-ply 2 + cells allot
: this ( array -- addr ) ply @ cells + ;

: down ( -- ) colors this @ other depths this @ 1-  1 ply +!  depths this ! colors this ! ;
: up ( -- ) -1 ply +! ;

\ Each ply walks its pieces (froms) and each piece's destinations (dests).
: first-piece ( -- ) -1 froms this !  0 dests this ! ;
: next-move ( -- from to true | false )
  begin dests this @ 0= while
    froms this @ 1+ dup froms this !  dup 25 = if drop false exit then
    board# over + c@ colors this @ = if board# swap reach else drop 0 then dests this !
  repeat
  froms this @  dests this @ dup lowest-bit  swap dup 1- and dests this !  true ;

: make-move ( from to -- ) board# child# 25 move  child# -rot move! ;

\ ---- perft --------------------------------------------------------------

: (perft) ( -- n )              \ moves counted as (piece, destination)
  depths this @ 0= if 1 exit then
  first-piece 0
  begin next-move while make-move down recurse up + repeat ;

: (path-perft) ( -- n )         \ moves counted as paths
  depths this @ 0= if 1 exit then
  first-piece 0
  begin next-move while
    2dup board# -rot path-count >r  make-move down recurse up r> * +
  repeat ;

: root ( depth -- ) 0 ply !  board board# 25 move  side @ colors this !  depths this ! ;
: perft ( depth -- n ) root (perft) ;
: path-perft ( depth -- n ) root (path-perft) ;

\ ---- the computer ----------------------------------------------------------
\ Alpha-beta over (piece, destination) moves. Losing a piece costs far more
\ than any mobility, so the computer never steps where the opponent can
\ take on an exact fifth step, unless that wins.

10000 constant won
: mobility ( board p -- n ) 0 25 0 do 2 pick i + c@ 2 pick = if 2 pick i reach bit-count + then loop nip nip ;
: worth ( board p -- n )        \ for p to move: higher is better
  2dup pieces 0= if 2drop won negate exit then
  2dup moves? 0= if 2drop won negate exit then
  2dup pieces  2 pick 2 pick other pieces - 100 *  >r
  2dup mobility  -rot other mobility -  r> + ;

defer negamax
: descend ( -- score )
  betas this @ negate  alphas this @ negate
  down betas this ! alphas this !  negamax negate up ;
: raise ( score -- )
  dup alphas this @ > if alphas this ! else drop then ;
: (negamax) ( -- score )
  depths this @ 0= if board# colors this @ worth exit then
  board# colors this @ 2dup pieces 0= -rot moves? 0= or if board# colors this @ worth exit then
  first-piece
  begin alphas this @ betas this @ < if next-move else false then while
    make-move descend raise
  repeat alphas this @ ;
' (negamax) is negamax

variable level  3 level !
variable best-from  variable best-to

variable foe
: threatened? ( board sq -- flag ) \ can the enemy take the piece on sq next move?
  2dup + c@ other foe !
  false 25 0 do
    2 pick i + c@ foe @ = if 2 pick i reach 2 pick rshift 1 and 0<> or then
  loop nip nip ;

: caution ( to score -- to score' ) \ as the seed's bot: never step where the enemy
  child# 2 pick threatened?  over won 100 - < and if 5000 - then ;  \ takes next, unless it wins

: best-move ( -- from to )      \ -1 -1 if there is none
  level @ root  won 1+ negate alphas this !  won 1+ betas this !
  -1 best-from !  -1 best-to !  first-piece
  begin next-move while
    2dup make-move descend caution dup alphas this @ > if
      alphas this !  best-to ! best-from !
    else drop 2drop then
  repeat  best-from @ best-to @ ;

\ ---- playing -----------------------------------------------------------------

: lost? ( -- flag ) board side @ pieces 0=  board side @ moves? 0= or ;
create the-path 6 cells allot
: .path ( from to -- ) board -rot the-path path 1+ 0 do the-path i cells + @ .square space loop ;
: play-move ( from to -- )
  ." Player " side @ 0 .r ."  moves: " 2dup .path cr
  board -rot move!  side @ other side ! ;

create line 80 allot
variable #digits
: digits ( c-addr u -- x1 y1 x2 y2 n ) \ the digits of a line, and how many
  0 #digits !  bounds ?do i c@ [char] 0 - dup 0 10 within if 1 #digits +! else drop then loop
  #digits @ ;
: ask ( -- from to | -1 -1 )
  begin
    ." Your move: x y of a piece, then x y of the target (q quits): "
    line 80 accept  dup 0= if drop -1 -1 exit then
    line c@ [char] q = if drop -1 -1 exit then
    line swap digits 4 = if
      2over 2over max max max 5 < if
        at >r at r>  2dup board -rot the-path path 0<>  2 pick board + c@ side @ = and
        if exit then 2drop
      else 2drop 2drop then
    else #digits @ 0 ?do drop loop then
    ." That is not a legal move." cr
  again ;

variable humans                 \ bit p set: player p is human
: human? ( -- flag ) 1 side @ lshift humans @ and 0<> ;

variable max-moves  200 max-moves !   \ moves before a game is called a draw
: game ( -- )
  0 begin
    .board
    lost? if ." Player " side @ 0 .r ."  cannot move and loses." cr drop exit then
    dup max-moves @ = if ." Too many moves: a draw." cr drop exit then
    human? if ask else best-move then
    over 0< if 2drop drop ." Bye." cr exit then
    play-move 1+
  again ;

: play ( -- ) start  2 humans !  game ;
: demo ( -- ) start  0 humans !  game ;

\ ---- the contest bot ------------------------------------------------------
\ playforth examples/fivestep.fs bot OPPONENT SIDE c1 ... c25 writes the
\ chosen path to play.txt as "x y x y ...", start square first.

: arg>n ( c-addr u -- n ) 0 0 2swap >number 2drop drop ;
: read-position ( -- )          \ from the command line after "bot"
  next-arg 2drop                              \ the opponent's id
  next-arg arg>n side !
  25 0 do next-arg arg>n board i + c! loop ;

create out 80 allot  variable #out
: out+ ( c-addr u -- ) tuck out #out @ + swap move #out +! ;
: n>out ( n -- ) s>d <# #s #> out+ ;
: path>out ( n -- )             \ the-path holds n+1 squares
  0 #out !  1+ 0 do
    i if s"  " out+ then  the-path i cells + @ 5 /mod swap n>out s"  " out+ n>out
  loop ;
: bot ( -- )
  read-position  best-move
  over 0< if 2drop exit then
  board -rot the-path path path>out
  s" play.txt" w/o create-file throw
  dup out #out @ rot write-line throw  close-file throw ;

\ ---- replay: step through a referee's game log --------------------------
\ playforth examples/fivestep.fs replay FILE reads a log that
\ playforth-referee wrote (docs/contest.md): "start POSITION" sets the
\ board, each "move N: a1 b1 ...  (who)" is checked and made, and the
\ board is shown after it (a move whose piece cannot reach its last square
\ stops the replay). Enter steps on, q stops; without a terminal
\ (input at its end) the whole game is shown.

: .named-board ( -- )           \ as in the log: a-e is x, 1-5 is y
  ."     a b c d e" cr
  5 0 do
    ."   " i 1+ 0 .r
    5 0 do space  board j 5 * i + + c@ ?dup if 0 .r else ." ." then loop cr
  loop ;

: prefix? ( c-addr u c-addr2 u2 -- flag ) dup >r 2swap r> min compare 0= ;
: skip-blanks ( c-addr u -- c-addr' u' )
  begin dup if over c@ bl = else false then while 1 /string repeat ;
: word-length ( c-addr u -- c-addr u n ) \ the leading run of non-blanks
  0 begin 2dup > if 2 pick over + c@ bl <> else false then while 1+ repeat ;
: after-colon ( c-addr u -- c-addr' u' )
  begin dup if over c@ [char] : <> else false then while 1 /string repeat
  dup if 1 /string then ;

create named 6 cells allot      \ the squares of the move being replayed
variable #named
: name>square ( c-addr -- sq true | false ) \ "b3" -> 11
  dup c@ [char] a - swap 1+ c@ [char] 1 -
  2dup 0 5 within swap 0 5 within and if at true else 2drop false then ;
: named+ ( sq -- ) #named @ 6 < if named #named @ cells + ! then 1 #named +! ;
: read-names ( c-addr u -- flag ) \ the a1-style names up to "(": all good?
  0 #named !  true >r
  begin skip-blanks dup if over c@ [char] ( <> else false then while
    word-length dup 2 = if
      2 pick name>square if named+ else r> drop false >r then
    else r> drop false >r then
    /string
  repeat 2drop  r>  #named @ 2 7 within and ;

: replay-move ( -- flag )       \ make the move in named; false if illegal
  named @  named #named @ 1- cells + @     ( from to )
  2dup board -rot path-count 0= if 2drop false exit then
  board -rot move!  side @ other side !  true ;

create log-line 256 allot
variable log-file
variable stepping  true stepping !
: next? ( -- flag )             \ wait for Enter; false after q
  stepping @ 0= if true exit then
  ." (Enter: next move, q: stop) "  line 80 stdin read-line throw
  0= if drop false stepping ! cr true exit then   \ input at its end
  1 = line c@ [char] q = and 0= ;

: replay-line ( c-addr u -- flag ) \ show one line of the log; false: stop
  2dup s" start " prefix? if 6 /string setup cr .named-board true exit then
  2dup s" move " prefix? if
    cr 2dup type cr  after-colon read-names 0= if ." (not a move)" cr false exit then
    replay-move 0= if ." That move is not legal here." cr false exit then
    .named-board next? exit
  then
  2dup s" violation" prefix? >r 2dup s" result:" prefix? r> or if cr type cr true exit then
  2drop true ;

: replay ( -- )                 \ the log named on the command line
  next-arg dup 0= abort" replay wants a log file: replay FILE"
  r/o open-file abort" cannot open that log" log-file !
  begin log-line 256 log-file @ read-line throw while
    log-line swap replay-line 0= if log-file @ close-file drop exit then
  repeat drop  log-file @ close-file drop ;

start
script? [if]
  next-arg 2dup s" bot" str= [if] 2drop bot [else] 2dup s" replay" str= [if] 2drop replay [else] s" demo" str= [if] demo [else] play [then] [then] [then]
[then]
