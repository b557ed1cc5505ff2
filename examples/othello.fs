\ Othello (Reversi) against the computer.
\
\   playforth examples/othello.fs          you (X, black) against the computer
\   playforth examples/othello.fs demo     the computer against itself
\   include examples/othello.fs            only load it, then try the words:
\       start .board   s" ...(64 cells)... X" setup 3 perft .
\
\ The board is 64 bytes: 0 empty, 1 black (X), 2 white (O); square = row*8+col.
\ The built-in words flip, flips and legal-moves do the rules; this file
\ draws the board, reads your moves, searches, and counts perft.

require ./lib/play.fs  require ./lib/search.fs   \ the move prompt; the computer's search

\ ---- the position ----------------------------------------------------------

1 constant black
2 constant white
create board 64 allot          \ the game's board
variable side                  \ whose move it is: black or white

: other ( color -- color' ) 3 swap - ;
: cell@ ( board sq -- n ) + c@ ;
: empty-board ( board -- ) 64 erase ;

: start ( -- )                 \ the opening position, black to move:
  board empty-board            \ white on d4 and e5, black on e4 and d5
  white board 27 + c!  white board 36 + c!
  black board 28 + c!  black board 35 + c!
  black side ! ;

: cell? ( char -- flag ) dup [char] . = over [char] X = or swap [char] O = or ;
: >cell ( char -- n )          \ . X O  ->  0 1 2
  case [char] X of black endof  [char] O of white endof  drop 0 0 endcase ;

: setup ( c-addr u -- )        \ 64 cells . X O, a space, then X or O to move
  -trailing
  dup 66 <> abort" setup: the position is 64 cells . X O, a space and X or O to move"
  over 64 + c@ bl <> abort" setup: a space must follow the 64 cells"
  over 65 + c@ dup [char] X <> swap [char] O <> and abort" setup: the side to move is X or O"
  over 64 bounds ?do i c@ cell? 0= abort" setup: a cell is not . X or O" loop
  drop  dup 65 + c@ >cell side !
  64 0 do dup i + c@ >cell board i + c! loop drop ;

\ ---- drawing ----------------------------------------------------------------

: .square ( sq -- )            \ a1 .. h8: column letter, row number
  8 /mod swap [char] a + emit [char] 1 + emit ;
: .cell ( n -- )                \ X O . or, on a pretty terminal, ● ○ ·
  pretty? if case black of ." ●" endof white of ." ○" endof ." ·" endcase exit then
  case black of ." X" endof white of ." O" endof ." ." endcase ;
: .may-play ( -- )             \ the mark of a square where the side may play
  pretty? if s" •" 33 painted else ." *" then ;
: discs ( color -- n ) 0 64 0 do board i + c@ 2 pick = - loop nip ;

: .board ( -- )
  board side @ legal-moves
  cr ."     a b c d e f g h" cr
  8 0 do
    ."   " i 1+ . 
    8 0 do
      j 8 * i +  over over rshift 1 and if drop .may-play else board swap cell@ .cell then space
    loop cr
  loop drop
  ."   " black .cell ." : " black discs .  space white .cell ." : " white discs . cr ;

variable last-move  -1 last-move !  \ the last square played; -1 none yet, -2 a pass

: .last-move ( -- )
  last-move @ -1 = if exit then
  ." , last move: " side @ other .cell space
  last-move @ -2 = if ." passed" else last-move @ .square then ;
: .turn ( -- )                 \ whose move it is, the last move, the legend
  ."   " side @ .cell ."  to move" .last-move cr
  ."   " black .cell ."  black, " white .cell ."  white, " .may-play ."  where " side @ .cell ."  may play" cr ;

: .moves ( mask -- )           \ list the squares of a move mask, wrapped (see room)
  begin ?dup while dup lowest-bit 2 room .square  dup 1- and repeat ;

\ ---- the search ------------------------------------------------------------
\ The ply stack, alpha-beta and the choice among equal moves are in
\ lib/search.fs. Othello's own part: the moves a ply has left, as a mask;
\ passing; and the score, which counts corners, edges and mobility.

per-ply masks                   \ the moves this ply has not tried yet

: mover ( -- color )            \ who moves at this ply: the sides take turns
  side @  ply @ 1 and if other then ;

create weights                  \ what a disc on each square is worth
  100 , -20 , 10 ,  5 ,  5 , 10 , -20 , 100 ,
  -20 , -50 , -2 , -2 , -2 , -2 , -50 , -20 ,
   10 ,  -2 ,  1 ,  1 ,  1 ,  1 ,  -2 ,  10 ,
    5 ,  -2 ,  1 ,  0 ,  0 ,  1 ,  -2 ,   5 ,
    5 ,  -2 ,  1 ,  0 ,  0 ,  1 ,  -2 ,   5 ,
   10 ,  -2 ,  1 ,  1 ,  1 ,  1 ,  -2 ,  10 ,
  -20 , -50 , -2 , -2 , -2 , -2 , -50 , -20 ,
  100 , -20 , 10 ,  5 ,  5 , 10 , -20 , 100 ,

: weight ( sq -- n ) cells weights + @ ;
: disc-sign ( cell color -- n )     \ 1 for color's disc, -1 for the other's, 0 for none
  over 0= if 2drop 0 exit then  = if 1 else -1 then ;

: material ( board color -- n ) \ own discs minus the opponent's
  0 64 0 do  2 pick i cell@ 2 pick disc-sign +  loop nip nip ;

: positional ( board color -- n ) \ the weights of own discs minus the opponent's
  0 64 0 do  2 pick i cell@ 2 pick disc-sign  i weight * +  loop nip nip ;

: mobility ( board color -- n ) \ own moves minus the opponent's
  2dup legal-moves bit-count  -rot other legal-moves bit-count  - ;

: game-over? ( board -- flag )
  dup black legal-moves swap white legal-moves or 0= ;

: worth ( board color -- n )   \ the score for color: higher is better
  over game-over? if material 1000 * exit then
  2dup positional  -rot mobility 5 * + ;

: next-move ( -- sq )          \ take the lowest move left at this ply
  masks this @  dup lowest-bit  swap dup 1- and masks this ! ;
: make-move ( sq -- )          \ the child board is this board with sq played
  copy-down  child# swap mover flip drop ;
: more? ( -- flag ) masks this @ 0<>  open? and ;

: try-moves ( mask -- score )  \ the best of these moves, or beta's worth
  masks this !
  begin more? while  next-move make-move  descend raise  repeat
  alphas this @ ;

: (negamax) ( -- score )       \ alpha-beta search of board#
  depths this @ 0= if board# mover worth exit then
  board# mover legal-moves ?dup if try-moves exit then
  board# game-over? if board# mover worth exit then
  copy-down descend ;          \ no move: pass, the other side plays on
' (negamax) is negamax

1000000 constant infinity
: root ( depth -- ) board 64 rot search-from ;

: best-move ( -- sq )          \ the computer's choice (-1 if it has none)
  lookahead @ root  infinity negate infinity choosing
  board side @ legal-moves masks this !
  begin masks this @ while  next-move dup make-move  score-root weigh  repeat
  chosen ;

: random-move ( -- sq )        \ any legal move, for testing the computer
  board side @ legal-moves  dup bit-count choose 0 ?do dup 1- and loop lowest-bit ;

1 2 4 5 6 plies-per-level   \ how far levels 1 to 5 look ahead
: computer-move ( -- sq )      \ the move of the side to move, at its level
  side @ black = level-of
  dup at-random? if drop random-move exit then
  level-depth lookahead !  best-move ;
3 start-level
\ (level-depth and start-level are in lib/search.fs)

\ ---- perft ------------------------------------------------------------------
\ Count the positions exactly DEPTH plies ahead. As in Aart Bik's tables, a
\ forced pass is a ply, and a game that ends early counts as one leaf.

: (perft) ( -- n )
  depths this @ 0= if 1 exit then
  board# mover legal-moves ?dup 0= if
    board# game-over? if 1 exit then
    copy-down  down recurse up exit
  then
  masks this !  0
  begin masks this @ while  next-move make-move  down recurse up +  repeat ;

: perft ( depth -- n )
  dup max-ply > abort" perft goes at most 16 plies deep"
  root (perft) ;

\ ---- playing ----------------------------------------------------------------

: play-move ( sq -- ) board swap side @ flip drop  side @ other side ! ;
: pass? ( -- flag ) board side @ legal-moves 0= ;
: winner ( -- color ) \ 0 for a draw
  black discs white discs 2dup > if 2drop black else < if white else 0 then then ;

variable humans                \ bit 1: black is human, bit 2: white is human
: human? ( -- flag ) humans @ side @ and 0<> ;

: first-legal ( -- sq ) board side @ legal-moves lowest-bit ;
: .prompt ( -- )
  ." Your move (like " first-legal .square ." ; ? lists moves, q quits): " ;
: .legal ( -- ) s" Legal moves:" list-head  board side @ legal-moves .moves list-end ;

: >square ( c-addr u -- sq true | false )   \ "d3" -> 2*8+3
  2 <> if drop false exit then
  dup c@ [char] a - swap char+ c@ [char] 1 -   ( col row )
  over 8 u< over 8 u< and if 8 * + true else 2drop false then ;

: why-not ( sq -- )            \ say why a square is not a legal move
  board over cell@ if ." There is already a disc on " .square ." ." cr exit then
  .square ."  turns no disc: a move must close a line of "
  side @ other .cell ."  discs with one of yours." cr ;

: human-move ( -- sq )         \ -1 when the player stops
  begin
    ['] .prompt ask-answer 0= if -1 exit then
    2dup moves-word? if 2drop .legal else
      >square 0= if ." Not a square: type a column a-h and a row 1-8, like "
        first-legal .square ." ." cr
      else board over side @ flips if exit then why-not then
    then
  again ;

: choose-move ( -- sq ) human? if human-move else computer-move then ;

: .result ( -- )                \ with the board's marks: X O, or ● ○ on a pretty terminal
  ." Final score: " black .cell space black discs . white .cell space white discs .
  board game-over? 0= if ." (unfinished)" cr exit then  cr
  winner ?dup if .cell ."  wins." else ." A draw." then cr ;

\ ---- the picture for a page ---------------------------------------------------
\ playforth serve draws the position beside the REPL from a description
\ that the picture words make (the terminal keeps its text board): the
\ discs, the last move, and the squares you may click when you are asked.
\ A picture's square is rank*8+file, as this board's; rank 1 is on top.

create square-text 2 allot      \ a square as the prompt takes it: d3
: square$ ( sq -- c-addr u )
  8 /mod [char] 1 + square-text 1+ c!  [char] a + square-text c!  square-text 2 ;
: disc$ ( color -- c-addr u ) s" ?XO" drop + 1 ;   \ as the text board shows it
: picture-discs ( -- )
  64 0 do board i cell@ ?dup if i swap dup disc$ picture-piece then loop ;
: picture-moves ( -- )         \ one click on a square types it
  board side @ legal-moves
  begin ?dup while  dup lowest-bit -1 swap dup square$ picture-move  dup 1- and  repeat ;
: picture-last-move ( -- ) last-move @ 0< 0= if -1 last-move @ picture-last then ;
: outcome$ ( -- c-addr u )
  winner case black of s" X (black) wins" endof white of s" O (white) wins" endof
              s" A draw" rot endcase ;
: turn$ ( -- c-addr u )        \ the caption: who moves, or how the game ended
  board game-over? if outcome$ exit then
  side @ black = if s" X (black) to move" else s" O (white) to move" then ;
: publish ( ask? -- )          \ the position, for the page; ask?: you may click a move
  8 8 s" othello" picture  picture-ranks-down
  picture-discs  picture-last-move  turn$ picture-caption
  if picture-moves then  show-picture ;

\ ---- the game's turns --------------------------------------------------------

: pass ( -- ) side @ .cell ."  has no move and passes." cr  -2 last-move !  side @ other side ! ;
: turns ( -- stopped? )        \ play until the game ends or the player stops
  begin board game-over? 0= while
    .board .turn  human? publish
    pass? if pass else
      choose-move dup 0< if drop true exit then
      side @ .cell ."  plays " dup .square cr  dup last-move !  play-move
      humans @ 0= if pause then
    then
  repeat false ;

: game ( -- )                  \ play from the current position to the end, or until stopped
  ['] turns run-turns if .stopped then
  .board false publish .result ;

: new-game ( humans -- ) start  humans !  -1 last-move ! ;
: play ( -- ) black new-game  game ;    \ you are X and move first
: demo ( -- ) 0 new-game  game ;        \ the computer plays both sides

: auto-game ( ai-color -- winner )   \ the computer against a random mover, quietly
  start
  begin board game-over? 0= while
    pass? if side @ other side ! else
      dup side @ = if best-move else random-move then play-move
    then
  repeat drop winner ;

: vs-random ( games -- wins )  \ the computer plays X and O in turn
  0 swap 0 ?do  i 2 mod 1+ dup auto-game = -  loop ;

start
script? [if]
  s" examples/othello.fs" game-arguments [if] demo [else] play [then]
[then]
