\ Jungle (Dou Shou Qi) on the 7x9 board, against the computer.
\
\   playforth examples/jungle.fs          you (A, upper case) against the computer
\   playforth examples/jungle.fs demo     the computer against itself
\   include examples/jungle.fs            only load it; try  start .board  3 perft .
\
\ Squares run from a1 (0) to g9 (62): square = rank*7 + file. A cell holds
\ 0 (empty), 1..8 for A's animals and 9..16 for B's, ranks as in the seed:
\ rat 0 cat 1 dog 2 wolf 3 leopard 4 tiger 5 lion 6 elephant 7.
\ The built-in capture? ( attacker defender -- flag ) holds the rank rule.

require ./lib/play.fs  require ./lib/search.fs   \ the move prompt; the computer's search

\ ---- the board ------------------------------------------------------------

63 constant #squares
create board #squares allot
variable side                   \ 0: A to move, 1: B to move
variable pos                    \ the board the rules look at

: other ( s -- s' ) 1 xor ;
: file ( sq -- f ) 7 mod ;
: rank# ( sq -- r ) 7 / ;
: at ( sq -- cell ) pos @ + c@ ;
: owner ( cell -- s ) 8 > 1 and ;          \ 0 for A, 1 for B (cell not 0)
: animal ( cell -- rank ) 1- 7 and ;
: piece ( rank s -- cell ) 8 * + 1+ ;

0 constant rat   5 constant tiger   6 constant lion   7 constant elephant

3 constant d1  59 constant d9              \ A's den at the bottom, B's at the top
: den ( s -- sq ) if d9 else d1 then ;
: trap? ( sq s -- flag ) den - abs  dup 1 = swap 7 = or ;   \ the squares beside s's den
: water? ( sq -- flag )
  dup rank# 3 6 within  swap file dup 1 3 within swap 4 6 within or  and ;

\ ---- positions as text ------------------------------------------------------
\ ranks 9 down to 1 separated by /, files a to g, digits for empty squares,
\ upper case A, lower case B, r c d w p t l e; then " w" (A) or " b".

: letter>rank ( char -- rank | -1 )
  case [char] r of 0 endof [char] c of 1 endof [char] d of 2 endof [char] w of 3 endof
       [char] p of 4 endof [char] t of 5 endof [char] l of 6 endof [char] e of 7 endof
       -1 swap endcase ;

create setup-board #squares allot  \ the position being read, checked before it is used
variable at-file  variable at-rank  \ where the next letter goes
create seen 16 allot                \ how many of each animal (cell 1..16) were placed

: next-cell ( -- sq )
  at-file @ 7 = abort" setup: a rank has more than 7 squares"
  at-rank @ 7 * at-file @ +  1 at-file +! ;
: put-letter ( char -- )
  dup [char] a < if 32 + 0 else 1 then  >r  letter>rank
  dup 0< abort" setup: unknown animal letter (r c d w p t l e, upper case for A)"
  r> piece  dup 1- seen + dup c@ abort" setup: a side has two of the same animal"  1 swap c!
  next-cell setup-board + c! ;
: next-rank ( -- )
  at-file @ 7 <> abort" setup: a rank does not have 7 squares"
  at-rank @ 0= abort" setup: more than 9 ranks"
  -1 at-rank +!  0 at-file ! ;
: empty-squares ( digit -- )   \ a digit in a rank: that many empty squares
  dup [char] 0 = abort" setup: a digit counts 1 to 7 empty squares"
  [char] 0 - at-file +!  at-file @ 7 > abort" setup: a rank has more than 7 squares" ;
: placement ( c-addr u -- c-addr' u' )  \ up to the blank before the side to move
  setup-board #squares erase  seen 16 erase  8 at-rank !  0 at-file !
  begin dup while over c@ bl <> while
    over c@ dup [char] / = if drop next-rank else
      dup [char] 0 [char] 9 1+ within if empty-squares else put-letter then then
    1 /string
  repeat then
  at-rank @ 0<> at-file @ 7 <> or abort" setup: the position needs 9 ranks of 7 squares" ;
: check-squares ( -- )          \ nobody in the water but rats, nobody in its own den
  setup-board pos !
  #squares 0 do i at if
    i water? i at animal rat <> and abort" setup: only a rat may be in the water"
    i i at owner den = abort" setup: an animal stands in its own den"
  then loop ;
: side-letter ( c-addr u -- s )  \ after the ranks: w (A, 0) or b (B, 1)
  dup 0= abort" setup: the position needs ' w' or ' b' at the end"
  2dup s" w" str= if 2drop 0 exit then
  s" b" str= 0= abort" setup: after the ranks comes the side to move, w or b, and nothing else"
  1 ;
: setup ( c-addr u -- )         \ the position text of GAMES.md, then w or b
  placement trim side-letter  check-squares
  side !  setup-board board #squares move ;

: start ( -- ) s" l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L w" setup ;

\ ---- drawing ----------------------------------------------------------------

: .square ( sq -- ) dup file [char] a + emit rank# [char] 1 + emit ;
: .animal ( cell -- ) dup animal s" rcdwptle" drop + c@ swap owner 0= if 32 - then emit ;
: .cell ( sq -- )
  dup at ?dup if nip .animal exit then
  dup d1 = over d9 = or if drop ." #" exit then
  dup water? if drop ." ~" exit then
  dup 0 trap? swap 1 trap? or if ." ^" else ." ." then ;
: ground ( sq -- sgr )          \ the background of a square on a pretty board
  dup d1 = over d9 = or if drop 41 exit then     \ dens red
  dup water? if drop 44 exit then                \ water blue
  dup 0 trap? swap 1 trap? or if 43 else 42 then ;  \ traps yellow, land green
: .pretty-cell ( sq -- )        \ the animal's letter on its ground: A white, B black
  dup ground paint  dup at ?dup if
    dup owner if 30 else 97 then paint  1 paint  space .animal space
  else space space space then  drop unpaint ;
: .board ( -- )
  board pos !
  pretty? if
    cr ."     a  b  c  d  e  f  g" cr
    0 8 do ."   " i 1+ 0 .r space  7 0 do j 7 * i + .pretty-cell loop cr -1 +loop exit
  then
  cr ."     a b c d e f g" cr
  0 8 do ."   " i 1+ 0 .r space  7 0 do j 7 * i + .cell space loop cr -1 +loop ;
: .grounds ( -- )               \ what the colours of a pretty board mean
  ."   A in white, moving up; B in black. "
  s"  den " 41 painted space s"  trap " 43 painted space
  s"  water " 44 painted ."  (only the rat swims)" cr ;
: .legend ( -- )
  pretty? if .grounds else
  ."   A upper case, moving up; B lower case. # den, ^ trap, ~ water (only the rat swims)" cr then
  ."   R rat, C cat, D dog, W wolf, P leopard, T tiger, L lion, E elephant: each takes" cr
  ."   its own rank or lower, the rat takes the elephant, anyone takes an enemy on its trap" cr ;

\ ---- the rules --------------------------------------------------------------
\ One step up, down, left or right; never into your own den; only the rat
\ swims; lion and tiger jump straight over a river unless a rat is in the
\ way; captures follow the ranks, the traps and the rat's water rules.

\ A direction is 0 up, 1 down, 2 left or 3 right.
: step ( sq dir -- sq' | -1 )   \ the next square that way, -1 off the board
  case
    0 of dup rank# 8 < if 7 + else drop -1 then endof
    1 of dup rank# 0 > if 7 - else drop -1 then endof
    2 of dup file 0 > if 1- else drop -1 then endof
    drop dup file 6 < if 1+ else drop -1 then 0
  endcase ;

: rat-in? ( sq -- flag ) at ?dup if animal rat = else false then ;
: jumper? ( sq -- flag ) at animal dup lion = swap tiger = or ;

: water-jump ( sq dir -- sq' | -1 ) \ from the first water square, fly to the far bank
  >r begin dup water? while
    dup rat-in? if drop -1 r> drop exit then
    r@ step
  repeat r> drop ;

: land ( from dir -- to | -1 )  \ where a move from from in direction dir ends
  2dup step                     ( from dir to )
  dup 0< over water? 0= or if nip nip exit then
  rot dup rat-in? if drop nip exit then
  jumper? if swap water-jump else 2drop -1 then ;

: takes? ( from to -- flag )    \ may the animal on from capture the one on to?
  over at owner >r
  dup r> trap? if 2drop true exit then      \ an enemy on one of our traps
  over water? over water? <> if 2drop false exit then
  at animal swap at animal swap capture? ;

: legal? ( from to -- flag )
  dup 0< if 2drop false exit then
  dup 2 pick at owner den = if 2drop false exit then
  dup at 0= if 2drop true exit then
  over at owner over at owner = if 2drop false exit then
  takes? ;

: pieces ( s -- n ) 0 #squares 0 do i at ?dup if owner 2 pick = - then loop nip ;
: lost? ( s -- flag )           \ an enemy in s's den, or s has no animals left
  dup den at 0<>  swap pieces 0= or ;

\ ---- moves, perft and the search ------------------------------------------
\ Copy-make on a stack of boards, one per ply; each ply walks its squares
\ and the four directions.

per-ply sqs                     \ the square this ply moves from now
per-ply dirs                    \ the next direction to try from it
: look ( -- ) board# pos ! ;
: mover ( -- s )                \ who moves at this ply: the sides take turns
  side @  ply @ 1 and if other then ;

: first-move ( -- ) 0 sqs this !  0 dirs this ! ;
: next-square ( -- ) 1 sqs this +!  0 dirs this ! ;
: next-move ( -- from to true | false )
  look
  begin sqs this @ #squares < while
    sqs this @ dup at dup if owner mover = then
    if
      dup dirs this @ land
      dirs this @ 3 = if next-square else 1 dirs this +! then
      2dup legal? if true exit then 2drop
    else drop next-square then
  repeat false ;

: make-move ( from to -- )
  copy-down
  over child# + c@ over child# + c!  drop 0 swap child# + c! ;
: pack ( from to -- move ) swap 64 * + ;     \ one cell, for the choice among equal moves
: unpack ( move -- from to | -1 -1 ) dup 0< if dup else 64 /mod swap then ;

: (perft) ( -- n )              \ a winning move counts 1 on the last ply, and ends its line before
  depths this @ 0= if 1 exit then
  look mover lost? if 0 exit then
  first-move 0
  depths this @ 1 = if                      \ count the last ply without playing it
    begin next-move while 2drop 1+ repeat exit
  then
  begin next-move while make-move down recurse up + repeat ;

: root ( depth -- ) board #squares rot search-from ;
: perft ( depth -- n )
  dup max-ply > abort" perft goes at most 16 plies deep"
  root (perft) ;

create values 5 , 2 , 3 , 4 , 6 , 8 , 9 , 10 ,   \ rat cat dog wolf leopard tiger lion elephant
100000 constant won
: loss ( -- n ) won negate ply @ + ;   \ lost here: a loss further off is less bad, so a win sooner is better

: distance ( sq s -- n )        \ steps from sq to the den of s
  den  2dup file swap file - abs  -rot rank# swap rank# - abs + ;

: worth ( -- n )                \ for the side to move at this ply: higher is better
  look mover lost? if loss exit then
  0 #squares 0 do
    i at ?dup if
      dup animal cells values + @ 100 *           \ material
      i 2 pick owner other distance 16 swap - 3 * +   \ closeness to the enemy den
      swap owner mover = if + else - then
    then
  loop ;

: next-open ( -- from to true | false )  \ the next move, unless beta is reached
  open? if next-move else false then ;
: (negamax) ( -- score )
  look mover lost? depths this @ 0= or if worth exit then
  first-move  won negate raise
  false ( moved? )
  begin next-open while  make-move descend raise  drop true  repeat
  if alphas this @ else loss then ;    \ no move at all: lost
' (negamax) is negamax

: best-move ( -- from to )      \ -1 -1 if there is none
  lookahead @ root  won 1+ negate  won 1+ choosing  first-move
  begin next-move while
    2dup make-move  score-root  >r pack r> weigh
  repeat  chosen unpack ;
: random-move ( -- from to )    \ any legal move, for testing the computer
  0 root no-ties first-move  begin next-move while pack tie repeat  chosen unpack ;

1 2 3 4 5 plies-per-level   \ how far levels 1 to 5 look ahead
: computer-move ( -- from to )  \ the move of the side to move, at its level
  side @ 0= level-of
  dup at-random? if drop random-move exit then
  level-depth lookahead !  best-move ;
3 start-level
\ (level-depth and start-level are in lib/search.fs)

\ ---- looking at moves ----------------------------------------------------------

: .moves ( -- )                 \ every legal move in the game's position, wrapped (see room)
  0 root first-move begin next-move while 5 room swap .square ." -" .square repeat ;
: .moves-from ( sq -- )         \ where the animal on sq may go
  0 root first-move
  begin next-move while over 3 pick = if nip .square space else 2drop then repeat drop ;

\ ---- playing ------------------------------------------------------------------

: .side ( s -- ) if ." B" else ." A" then ;
variable last-from  -1 last-from !  \ the last move played (-1: none yet)
variable last-to

: play-move ( from to -- )
  ." Player " side @ .side ."  moves " over .square ." -" dup .square cr
  2dup last-to ! last-from !
  2dup board + swap board + c@ swap c!  drop 0 swap board + c!
  side @ other side ! ;

: can-move? ( -- flag ) 0 root first-move next-move dup if nip nip then ;

variable plies                  \ moves played in this game
300 constant move-limit
: ended? ( -- flag )            \ the side to move has lost, or the game is a draw
  board pos !  side @ lost?  can-move? 0= or  plies @ move-limit = or ;
: .turn ( -- )                  \ whose move it is, unless the game is over; the last move
  ."   " ended? if ." Game over" else side @ .side ."  to move" then
  last-from @ 0< 0= if ." , last move " last-from @ .square ." -" last-to @ .square then cr ;
: .winner ( s -- ) ." Player " .side ."  wins: " ;
: .ending ( -- )                \ why the game ended: the rules' reason
  board pos !  side @ other
  side @ den at if .winner ." it entered the den." cr exit then
  side @ pieces 0= if .winner ." it took the last animal." cr exit then
  can-move? 0= if .winner side @ .side ."  cannot move." cr exit then
  drop ." Too many moves: a draw." cr ;

: >square ( c-addr -- sq | -1 )  \ "a1" .. "g9"
  dup c@ [char] a - swap char+ c@ [char] 1 -
  over 7 u< over 9 u< and if 7 * + else 2drop -1 then ;
: legal-move? ( from to -- flag ) \ is from-to one of the moves here?
  0 root first-move
  begin next-move while 2over d= if 2drop true exit then repeat 2drop false ;
: first-legal ( -- from to ) 0 root first-move next-move drop ;
: .first-legal ( -- ) first-legal swap .square .square ;

\ Why a move is not legal, in the order a player would ask.
: .rank ( rank -- ) s" rat     cat     dog     wolf    leopard tiger   lion    elephant"
  drop swap 8 * + 8 -trailing type ;
: .animal-on ( sq -- ) space dup at animal .rank ."  on " .square ;
: neighbour? ( from to -- flag ) \ one step apart
  4 0 do  over i step over = if 2drop true unloop exit then  loop 2drop false ;
: far-bank ( from dir -- to | -1 )  \ over the river that way, rats or not
  tuck step  dup 0< over water? 0= or if 2drop -1 exit then
  begin dup water? while over step repeat nip ;
: across ( from to -- dir | -1 )   \ the way straight over the river from from to to
  -1  4 0 do  2 pick i far-bank 2 pick = if drop i leave then  loop nip nip ;
: blocked-jump? ( from to -- flag )  \ a lion's or tiger's jump, but a rat is in the river
  over jumper? 0= if 2drop false exit then
  over swap across  dup 0< if 2drop false exit then  land 0< ;
: one-move? ( from to -- flag ) \ a step, or the lion's or tiger's jump over the river
  2dup neighbour? if 2drop true exit then
  over jumper? if across 0< 0= else 2drop false then ;

: .blocked ( -- ) ." A rat in the river blocks the jump." cr ;
: .how-to-move ( -- )
  ." An animal moves one square up, down, left or right; the lion and tiger" cr
  ." also jump straight across the river." cr ;
: .rat-only ( -- ) ." Only the rat may go into the water." cr ;
: .own-den ( -- ) ." No animal may enter its own den." cr ;
: .own-animal ( sq -- ) ." Your own animal is on " .square ." ." cr ;
: .water-and-land ( -- )
  ." A rat in the water and an animal on land cannot take each other." cr ;
: .outranked ( from to -- )     \ the animal on from is too low to take the one on to
  ." The" swap .animal-on ."  cannot take the" .animal-on ." : each animal takes its own rank" cr
  ." or lower, the rat takes the elephant, the elephant never takes the rat." cr ;
: swims? ( from to -- flag ) water? swap at animal rat <> and ;   \ a non-rat into water
: shore? ( from to -- flag ) water? swap water? <> ;   \ one in the water, one on land

: why-not-there ( from to -- )  \ the animal on from is ours: why can it not go to to?
  2dup blocked-jump? if 2drop .blocked exit then
  2dup one-move? 0= if 2drop .how-to-move exit then
  2dup swims? if 2drop .rat-only exit then
  dup side @ den = if 2drop .own-den exit then
  dup at 0= if 2drop ." That move is not allowed." cr exit then
  dup at owner side @ = if nip .own-animal exit then
  2dup shore? if 2drop .water-and-land exit then
  .outranked ;

: why-not ( from to -- )        \ say why from-to is not a legal move
  board pos !
  over at 0= if drop ." There is no animal on " .square ." ." cr exit then
  over at owner side @ <> if
    drop ." The animal on " .square ."  is not yours: you are " side @ .side
    side @ if ."  (lower case)." else ."  (upper case)." then cr exit
  then
  why-not-there ;

: .format ( -- ) ." Type the squares from and to, like " .first-legal ." ." cr ;
: .prompt ( -- ) ." Your move (like " .first-legal ." ; ? lists moves, q quits): " ;
: .legal ( -- ) s" Legal moves:" list-head .moves list-end ;
: human-move ( -- from to | -1 -1 )  \ -1 -1 when the player stops
  begin
    ['] .prompt ask-answer 0= if -1 -1 exit then
    2dup moves-word? if 2drop .legal else
      squeeze 4 = if
        dup >square swap 2 + >square
        over 0< over 0< or if 2drop .format else
          2dup legal-move? if exit then why-not
        then
      else drop .format then
    then
  again ;

variable humans                 \ bit 0: A is human, bit 1: B is human
: human? ( -- flag ) 1 side @ lshift humans @ and 0<> ;

\ ---- the picture for a page ---------------------------------------------------
\ playforth serve draws the position beside the REPL from a description
\ that the picture words make (the terminal keeps its text board): the
\ ground (dens, traps, water), the animals, the last move, and the moves
\ you may click, an animal and then its target, when you are asked.
\ A picture's square is rank*7+file, as this board's.

: animal$ ( cell -- c-addr u ) 1- s" RCDWPTLErcdwptle" drop + 1 ;  \ as the text board shows it
: ground$ ( sq -- c-addr u | 0 0 ) \ the text board's mark for an empty square, but land
  dup d1 = over d9 = or if drop s" #" exit then
  dup water? if drop s" ~" exit then
  dup 0 trap? swap 1 trap? or if s" ^" else 0 0 then ;
: picture-grounds ( -- )
  #squares 0 do i ground$ ?dup if i -rot picture-ground else drop then loop ;
: picture-animals ( -- )
  board pos !
  #squares 0 do i at ?dup if i swap  dup owner 1+ swap  animal$ picture-piece then loop ;
create move-text 4 allot        \ a move as the prompt takes it: a3a4
: square>text ( sq addr -- ) over file [char] a + over c!  swap rank# [char] 1 + swap char+ c! ;
: move$ ( from to -- c-addr u ) move-text 2 + square>text  move-text square>text  move-text 4 ;
: picture-moves ( -- )
  0 root first-move
  begin next-move while 2dup move$ picture-move repeat ;
: picture-last-move ( -- ) last-from @ 0< 0= if last-from @ last-to @ picture-last then ;
: turn$ ( -- c-addr u )         \ the caption: who moves, unless the game is over
  ended? if s" Game over" exit then
  side @ if s" B (lower case) to move" else s" A (upper case) to move" then ;
: publish ( ask? -- )           \ the position, for the page; ask?: you may click a move
  7 9 s" jungle" picture  picture-grounds  picture-animals  picture-last-move
  turn$ picture-caption  if picture-moves then  show-picture ;

\ ---- the game's turns --------------------------------------------------------

: turns ( -- stopped? )         \ play until the game ends or the player stops
  begin
    .board .turn .legend  ended? 0= human? and publish
    ended? if .ending false exit then
    human? if human-move else computer-move then
    over 0< if 2drop true exit then
    play-move  1 plies +!
    humans @ 0= if pause then
  again ;

: game ( -- ) ['] turns run-turns if .stopped .board false publish plies @ .unfinished then ;
: new-game ( humans -- ) start  humans !  -1 last-from !  0 plies ! ;
: play ( -- ) 1 new-game  game ;   \ you are A, at the bottom
: demo ( -- ) 0 new-game  game ;

start
script? [if]
  s" examples/jungle.fs" game-arguments [if] demo [else] play [then]
[then]
