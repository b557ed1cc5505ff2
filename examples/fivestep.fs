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
\ The built-in words reach, path and path-count know these rules. Players
\ see squares as a1 .. e5 (column a..e is x 0..4, row 1..5 is y 0..4).

require ./lib/play.fs  require ./lib/search.fs   \ the move prompt; the computer's search

\ ---- the position ----------------------------------------------------------

create board 25 allot
variable side                   \ 1 or 2: whose move it is

: other ( p -- p' ) 3 swap - ;
: at ( x y -- sq ) 5 * + ;
: start ( -- )
  board 25 erase  1 board c!  1 board 24 + c!  2 board 4 + c!  2 board 20 + c!
  1 side ! ;

: cell? ( char -- flag ) [char] 0 [char] 3 within ;
: setup ( c-addr u -- )         \ 25 digits 0 1 2 row by row, a space, the side
  -trailing
  dup 27 <> abort" setup: the position is 25 cells 0 1 2, a space and the side to move (1 or 2)"
  over 25 + c@ bl <> abort" setup: a space must follow the 25 cells"
  over 26 + c@ dup [char] 1 <> swap [char] 2 <> and abort" setup: the side to move is 1 or 2"
  over 25 bounds ?do i c@ cell? 0= abort" setup: a cell is not 0, 1 or 2" loop
  drop  dup 26 + c@ [char] 0 - side !
  25 0 do dup i + c@ [char] 0 - board i + c! loop drop ;

: .cell ( n -- )                \ 1 2 . or, on a pretty terminal, a red ● a blue ○ ·
  pretty? if
    case 1 of s" ●" 31 painted endof 2 of s" ○" 34 painted endof ." ·" endcase exit
  then
  ?dup if 0 .r else ." ." then ;
: .legend ( -- )                \ which mark is whose, when they are not digits
  pretty? if ."   " 1 .cell ."  player 1, " 2 .cell ."  player 2" cr then ;
: .board ( -- )                 \ row 5 at the top, as in chess
  cr  0 4 do ."   " i 1+ 0 .r space  5 0 do board j 5 * i + + c@ .cell space loop cr -1 +loop
  ."     a b c d e" cr ;

: .square ( sq -- ) 5 /mod swap [char] a + emit [char] 1 + emit ;

\ ---- moves --------------------------------------------------------------
\ A move is a piece's square and a destination; the board afterwards does
\ not depend on the path taken.

: pieces ( board p -- n ) 0 25 0 do 2 pick i + c@ 2 pick = - loop nip nip ;

: moves? ( board p -- flag )    \ does p have any legal move?
  false 25 0 do
    2 pick i + c@ 2 pick = if 2 pick i reach 0<> or then
  loop nip nip ;

: move! ( board from to -- )    \ make the move on board
  rot >r  r@ 2 pick + c@  r@ rot + c!  0 swap r> + c! ;

: mover ( -- p )                \ who moves at this ply: the sides take turns
  side @  ply @ 1 and if other then ;

\ Each ply walks its pieces (froms) and each piece's destinations (dests).
per-ply froms                   \ the square of the piece this ply moves now
per-ply dests                   \ the destinations of that piece not tried yet
: first-piece ( -- ) -1 froms this !  0 dests this ! ;
: next-move ( -- from to true | false )
  begin dests this @ 0= while
    froms this @ 1+ dup froms this !  dup 25 = if drop false exit then
    board# over + c@ mover = if board# swap reach else drop 0 then dests this !
  repeat
  froms this @  dests this @ dup lowest-bit  swap dup 1- and dests this !  true ;

: make-move ( from to -- ) copy-down  child# -rot move! ;
: pack ( from to -- move ) swap 25 * + ;     \ one cell, for the choice among equal moves
: unpack ( move -- from to | -1 -1 ) dup 0< if dup else 25 /mod swap then ;

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

: root ( depth -- ) board 25 rot search-from ;
: checked-depth ( depth -- depth ) dup max-ply > abort" perft goes at most 16 plies deep" ;
: perft ( depth -- n ) checked-depth root (perft) ;
: path-perft ( depth -- n ) checked-depth root (path-perft) ;

\ ---- the computer ----------------------------------------------------------
\ Alpha-beta over (piece, destination) moves. Losing a piece costs far more
\ than any mobility, so the computer never steps where the opponent can
\ take on an exact fifth step, unless that wins.

10000 constant won
: mobility ( board p -- n ) 0 25 0 do 2 pick i + c@ 2 pick = if 2 pick i reach bit-count + then loop nip nip ;
: worth ( board p -- n )        \ for p to move: higher is better
  2dup pieces 0= if 2drop won ply @ - negate exit then   \ a loss further off is less bad
  2dup moves? 0= if 2drop won ply @ - negate exit then
  2dup pieces  2 pick 2 pick other pieces - 100 *  >r
  2dup mobility  -rot other mobility -  r> + ;

\ The contest allows a second a move, so the bot searches against a clock:
\ the search throws TIME-UP once the deadline has passed.
variable deadline  0 deadline !  \ utime in microseconds; 0: no clock
1001 constant time-up
: clock ( -- ) deadline @ if utime drop deadline @ > if time-up throw then then ;

: lost-here? ( -- flag )        \ the side to move has no piece or no move
  board# mover pieces 0=  board# mover moves? 0= or ;
: leaf? ( -- flag )             \ no deeper: the depth is used up or the game is over
  depths this @ 0= if true else lost-here? then ;
: next-open ( -- from to true | false )  \ the next move, unless beta is reached
  open? if next-move else false then ;
: (negamax) ( -- score )
  clock
  leaf? if board# mover worth exit then
  first-piece
  begin next-open while  make-move descend raise  repeat
  alphas this @ ;
' (negamax) is negamax


: reaches ( board p -- mask ) \ every square one of p's pieces can reach
  0 25 0 do  2 pick i + c@ 2 pick = if 2 pick i reach or then  loop nip nip ;
: threatened? ( board sq -- flag ) \ can the enemy take the piece on sq next move?
  2dup + c@ other  rot swap reaches  swap rshift 1 and 0<> ;

: caution ( to score -- to score' ) \ as the seed's bot: never step where the enemy
  child# 2 pick threatened?  over won 100 - < and if 5000 - then ;  \ takes next, unless it wins

: best-move ( -- from to )      \ -1 -1 if there is none
  lookahead @ root  won 2* negate  won 1+ choosing  first-piece  \ below any cautioned loss
  begin next-move while
    2dup make-move  score-root caution  >r pack r> weigh
  repeat  chosen unpack ;
: random-move ( -- from to )    \ any legal move, for testing the computer
  0 root no-ties first-piece  begin next-move while pack tie repeat  chosen unpack ;

1 1 2 3 4 plies-per-level   \ how far levels 1 to 5 look ahead
: computer-move ( -- from to )  \ the move of the side to move, at its level
  side @ 1 = level-of
  dup at-random? if drop random-move exit then
  level-depth lookahead !  best-move ;
4 start-level
\ (level-depth and start-level are in lib/search.fs)

\ ---- playing -----------------------------------------------------------------

: lost? ( -- flag ) board side @ pieces 0=  board side @ moves? 0= or ;
create the-path 6 cells allot
: .path ( from to -- )          \ a1-b1-c1: the shortest way there
  board -rot the-path path 1+ 0 do i if ." -" then the-path i cells + @ .square loop ;

variable last-from  -1 last-from !  \ the last move played (-1: none yet)
variable last-to

: play-move ( from to -- )
  ." Player " side @ 0 .r ."  moves " 2dup .path cr
  2dup last-to ! last-from !
  board -rot move!  side @ other side ! ;

: >square ( c-addr -- sq | -1 )  \ "a1" .. "e5"
  dup c@ [char] a - swap char+ c@ [char] 1 -
  over 5 u< over 5 u< and if 5 * + else 2drop -1 then ;
: can-reach? ( from to -- flag ) swap board swap reach swap rshift 1 and 0<> ;
: first-legal ( -- from to )    \ the first move of the side to move
  0 root first-piece next-move drop ;
: .first-legal ( -- ) first-legal swap .square .square ;

: .rules ( -- )                 \ how to play, and how to type a move: as the prompt says it
  ." The five-step game. Each move walks one of your pieces 1 to 5 steps up, down," cr
  ." left or right, through empty squares, never twice over one square. It may end" cr
  ." on an enemy piece, taking it, only after exactly five steps. A player with no" cr
  ." piece or no move loses. Type a move as the piece's square and the target," cr
  ." like " .first-legal ."  (squares a1 to e5; ? lists moves, q quits)." cr ;
: .legal ( -- )                 \ wrapped at the terminal's width (see room)
  s" Legal moves:" list-head  0 root first-piece
  begin next-move while 4 room swap .square .square repeat list-end ;

: why-not ( from to -- )        \ say why from-to is not a legal move
  over board + c@ 0= if drop ." There is no piece on " .square ." ." cr exit then
  over board + c@ side @ <> if drop ." The piece on " .square ."  is not yours." cr exit then
  2dup = if 2drop ." A move needs at least one step: type the piece's square, then another." cr exit then
  dup board + c@ side @ = if nip ." Your own piece is on " .square ." ." cr exit then
  dup board + c@ if
    nip ." A piece takes the one on " .square ."  only by landing there on exactly its fifth step." cr exit
  then
  ." The piece on " swap .square ."  cannot reach " .square
  ." : it walks 1 to 5 steps through empty squares." cr ;

: .format ( -- ) ." Type the piece's square and the target, like " .first-legal ." ." cr ;
: .prompt ( -- ) ." Your move (like " .first-legal ." ; ? lists moves, q quits): " ;
: square-like? ( c-addr -- flag ) \ a letter and a digit, on the board or not
  dup c@ [char] a [char] z 1+ within  swap char+ c@ [char] 0 [char] 9 1+ within  and ;
: off-board? ( c-addr -- flag ) dup square-like? swap >square 0< and ;
: .off-board ( c-addr -- ) 2 type ."  is off the board: the squares run from a1 to e5." cr ;
: .typo ( c-addr -- )           \ four characters that are not two squares: say what is wrong
  dup off-board? if .off-board exit then
  2 + dup off-board? if .off-board exit then
  drop .format ;
: two-squares ( c-addr u -- from to true | false )  \ false after saying what is wrong
  4 <> if drop .format false exit then
  dup >square over 2 + >square  over 0< over 0< or if 2drop .typo false exit then
  rot drop true ;
: human-move ( -- from to | -1 -1 )  \ -1 -1 when the player stops
  begin
    ['] .prompt ask-answer 0= if -1 -1 exit then
    2dup moves-word? if 2drop .legal else
      squeeze two-squares if
        over board + c@ side @ =  2 pick 2 pick can-reach? and if exit then why-not
      then
    then
  again ;

variable humans                 \ bit p set: player p is human
: human? ( -- flag ) 1 side @ lshift humans @ and 0<> ;

\ Draws by the rules (playforth's; the seed has none). The history holds
\ the positions since the last capture: a position there for the third
\ time is a draw by repetition, and 50 moves (25 each) without a capture
\ a draw for want of progress.
51 constant max-history
create history 26 max-history * allot
variable #history
: entry ( i -- addr ) 26 * history + ;
: position ( addr -- )          \ the board and the side to move, 26 bytes
  board over 25 move  side @ swap 25 + c! ;
: remember ( -- ) #history @ max-history < if #history @ entry position  1 #history +! then ;
create now 26 allot
: repeats ( -- n )              \ how often the position has been seen
  now position  0 #history @ 0 ?do i entry 26 now 26 compare 0= - loop ;
: drawn? ( -- flag )            \ is the position drawn by the rules?
  repeats 3 >=  #history @ max-history = or ;
: .draw ( -- )                  \ which rule draws it
  repeats 3 >= if ." The same position a third time: a draw by repetition." cr exit then
  ." Fifty moves without a capture: a draw." cr ;
: .draw? ( -- flag ) drawn? dup if .draw then ;  \ say so if the position is drawn

variable plies                  \ moves played in this game
variable max-moves  1000 max-moves !  \ moves before a game is called a draw anyway
: ended? ( -- flag )            \ a side that cannot move, a draw, or too many moves
  lost?  drawn? or  plies @ max-moves @ = or ;
: .ending ( -- )                \ why the game ended
  lost? if ." Player " side @ 0 .r ."  cannot move and loses." cr exit then
  drawn? if .draw exit then
  ." Too many moves: a draw." cr ;
: .turn ( -- )                  \ whose move it is (unless the game is over) and the last move
  ."   " ended? if ." Game over" else ." Player " side @ 0 .r ."  to move" then
  last-from @ 0< 0= if ." , last move " last-from @ .square ." -" last-to @ .square then cr
  .legend ;
\ ---- the picture for a page ---------------------------------------------------
\ playforth serve draws the position beside the REPL from a description
\ that the picture words make (the terminal keeps its text board): the
\ pieces, the last move, and the moves you may click, a piece and then
\ its target, when you are asked. A picture's square is y*5+x, as this board's.

: piece$ ( p -- c-addr u ) s" ?12" drop + 1 ;  \ as the text board shows it
: picture-pieces ( -- )
  25 0 do board i + c@ ?dup if i swap dup piece$ picture-piece then loop ;
create move-text 4 allot        \ a move as the prompt takes it: a1c1
: square>text ( sq addr -- ) >r 5 /mod [char] 1 + r@ char+ c!  [char] a + r> c! ;
: move$ ( from to -- c-addr u ) move-text 2 + square>text  move-text square>text  move-text 4 ;
: picture-moves ( -- )
  0 root first-piece
  begin next-move while 2dup move$ picture-move repeat ;
: picture-last-move ( -- ) last-from @ 0< 0= if last-from @ last-to @ picture-last then ;
: turn$ ( -- c-addr u )         \ the caption: who moves, unless the game is over
  ended? if s" Game over" exit then
  side @ 1 = if s" Player 1 to move" else s" Player 2 to move" then ;
: publish ( ask? -- )           \ the position, for the page; ask?: you may click a move
  5 5 s" fivestep" picture  picture-pieces  picture-last-move  turn$ picture-caption
  if picture-moves then  show-picture ;

\ ---- the game's turns --------------------------------------------------------

: turns ( -- stopped? )         \ play until the game ends or the player stops
  begin
    .board .turn  ended? 0= human? and publish
    ended? if .ending false exit then
    human? if human-move else computer-move then
    over 0< if 2drop true exit then
    dup board + c@ if 0 #history ! then  play-move remember  1 plies +!
    humans @ 0= if pause then
  again ;

: game ( -- ) ['] turns run-turns if .stopped .board false publish plies @ .unfinished then ;
: new-game ( humans -- ) start  humans !  -1 last-from !  0 plies !  0 #history ! remember  .rules ;
: play ( -- ) 2 new-game  game ;   \ you are player 1
: demo ( -- ) 0 new-game  game ;

\ ---- the contest bot ------------------------------------------------------
\ playforth examples/fivestep.fs bot OPPONENT SIDE c1 ... c25 writes the
\ chosen path to play.txt as "x y x y ...", start square first. Bad
\ arguments, or a board without a legal move, are said on stderr with a
\ failing exit status, and no play.txt is left behind.

: err ( c-addr u -- ) stderr write-file drop ;
: err# ( n -- ) s>d <# #s #> err ;
: bot-fail ( -- )               \ after the message: the usage, and exit status 2
  s" ; usage: playforth examples/fivestep.fs bot OPPONENT SIDE c1 ... c25" err
  s"  (SIDE 1 or 2, each cell 0, 1 or 2)" stderr write-line drop  2 (bye) ;
: arg>digit ( c-addr u -- n )   \ a one-digit argument; -1 for anything else
  1 = if c@ [char] 0 - dup 10 u< 0= if drop -1 then else drop -1 then ;

: check-count ( -- )            \ the opponent, the side and 25 cells
  argc @ 1- dup 27 = if drop exit then
  s" fivestep bot: " err err# s"  arguments after bot, 27 needed" err bot-fail ;
: read-side ( -- )
  next-arg 2dup arg>digit dup 1 3 within if side ! 2drop exit then drop
  s" fivestep bot: SIDE is '" err err s" ', not 1 or 2" err bot-fail ;
: read-cell ( i -- )
  next-arg 2dup arg>digit dup 0 3 within if nip nip board rot + c! exit then drop
  s" fivestep bot: cell " err rot 1+ err# s"  is '" err err s" ', not 0, 1 or 2" err bot-fail ;
: read-position ( -- )          \ from the command line after "bot"
  check-count  next-arg 2drop                 \ the opponent's id
  read-side  25 0 do i read-cell loop ;

\ Iterative deepening: one ply, then two, ... until the clock says stop.
\ A deeper search starts only early in the time; the deadline cuts one
\ that runs long, and the move of the deepest finished search is played.
variable budget-us  300000 budget-us !  \ the deadline, after the bot starts thinking
variable deepen-us  100000 deepen-us !  \ no deeper search starts after this
12 constant max-depth
: deeper ( from to -- from' to' more? )  \ one ply deeper, unless time runs out
  1 lookahead +!  ['] best-move catch ?dup if
    dup time-up <> if throw then drop false exit
  then  2swap 2drop true ;
: think ( -- from to )          \ the best move the time allows
  utime drop >r  0 deadline !
  1 lookahead !  best-move                      \ one ply, without the clock: always a move
  r@ budget-us @ + deadline !
  begin lookahead @ max-depth <  utime drop r@ - deepen-us @ <  and while
    deeper 0= if r> drop 0 deadline ! exit then
  repeat r> drop 0 deadline ! ;

create out 80 allot  variable #out
: out+ ( c-addr u -- ) tuck out #out @ + swap move #out +! ;
: n>out ( n -- ) s>d <# #s #> out+ ;
: path>out ( n -- )             \ the-path holds n+1 squares
  0 #out !  1+ 0 do
    i if s"  " out+ then  the-path i cells + @ 5 /mod swap n>out s"  " out+ n>out
  loop ;
: no-move ( -- )
  s" fivestep bot: player " err side @ err# s"  has no legal move on this board" stderr write-line drop
  1 (bye) ;
: bot ( -- )
  s" play.txt" delete-file drop               \ never leave an old answer
  read-position  board side @ moves? 0= if no-move then
  think  board -rot the-path path path>out
  s" play.txt" w/o create-file throw
  dup out #out @ rot write-line throw  close-file throw ;

\ ---- replay: step through a referee's game log --------------------------
\ playforth examples/fivestep.fs replay FILE reads a log that
\ playforth-referee wrote (docs/contest.md): "start POSITION" sets the
\ board, each "move N: a1 b1 ...  (who)" is checked and made, and the
\ board is shown after it (an illegal move stops the replay, saying
\ why). Enter steps on, q stops; at the end of the input (a pipe, a
\ file) the rest of the game is shown at once.

: prefix? ( c-addr u c-addr2 u2 -- flag ) dup >r 2swap r> min compare 0= ;
: after-colon ( c-addr u -- c-addr' u' ) \ the text after the first ":"
  begin dup if over c@ [char] : <> else false then while 1 /string repeat
  dup if 1 /string then ;

create named 6 cells allot      \ the squares of the move being replayed
variable #named
: named+ ( sq -- ) #named @ 6 < if named #named @ cells + ! else drop then 1 #named +! ;
: name-next? ( c-addr u -- flag ) \ two characters, then a blank or the end
  dup 2 = if 2drop true exit then  2 < if drop false exit then  2 + c@ blank? ;
: read-names ( c-addr u -- flag ) \ the squares up to "(": 2 to 6 good ones?
  0 #named !
  begin trim dup if over c@ [char] ( <> else false then while
    2dup name-next? 0= if 2drop false exit then
    over >square dup 0< if drop 2drop false exit then named+  2 /string
  repeat 2drop  #named @ 2 7 within ;

\ A logged move is checked step by step by the rules: the first square
\ holds a piece of the side to move, each step goes to a neighbour not
\ visited yet, every square before the last is empty, and the last is
\ empty or, after exactly five steps, holds an enemy piece.
: named# ( i -- sq ) cells named + @ ;
: step-count ( -- n ) #named @ 1- ;
: piece-on ( i -- cell ) named# board + c@ ;
: neighbours? ( sq sq2 -- flag )  \ one step up, down, left or right apart
  5 /mod rot 5 /mod  rot - abs  -rot - abs  + 1 = ;
: visited? ( i -- flag )        \ did the path pass the i-th square before?
  false over 0 ?do  over named# i named# = or  loop nip ;
: .illegal ( -- ) ." That move is not legal here: " ;

: bad-start? ( -- flag )        \ say so if the first square has no piece of the mover
  0 piece-on side @ = if false exit then
  .illegal ." player " side @ 0 .r ."  has no piece on " 0 named# .square ." ." cr true ;
: bad-step? ( i -- flag )       \ say so if the path's i-th step breaks a rule
  dup 1- named# over named# neighbours? 0= if
    .illegal ." a step goes to a neighbour, not from " dup 1- named# .square
    ."  to " named# .square ." ." cr true exit then
  dup visited? if .illegal ." the path visits " named# .square ."  twice." cr true exit then
  dup step-count <  over piece-on 0<>  and if
    .illegal ." the path passes over the piece on " named# .square ." ." cr true exit then
  drop false ;
: bad-end? ( -- flag )          \ say so if the last square may not be entered
  step-count piece-on  dup 0= if drop false exit then
  side @ = if .illegal ." its last square " step-count named# .square ."  holds its own piece." cr true exit then
  step-count 5 = if false exit then
  .illegal ." it takes on " step-count named# .square ."  after " step-count 0 .r
  ."  steps; a piece takes only on its fifth step." cr true ;
: bad-path? ( -- flag )         \ say why the move named breaks a rule, if it does
  bad-start? if true exit then
  step-count 1+ 1 ?do  i bad-step? if true unloop exit then  loop
  bad-end? ;

: replay-move ( -- flag )       \ make the move in named; false if illegal
  bad-path? if false exit then
  board  0 named#  step-count named#  move!  side @ other side !  true ;

variable stepping  true stepping !
: next? ( -- flag )             \ wait for Enter; false after q
  stepping @ 0= if true exit then
  ." (Enter: next move, q: stop) "
  read-answer 0= if 2drop false stepping ! cr true exit then  quit-word? 0= ;

: replay-line ( c-addr u -- flag ) \ show one line of the log; false: stop
  2dup s" start " prefix? if 6 /string setup .board .legend true exit then
  2dup s" move " prefix? if
    cr 2dup type cr  after-colon read-names 0= if ." (not a move)" cr false exit then
    replay-move 0= if false exit then
    .board next? exit
  then
  2dup s" violation" prefix? >r 2dup s" result:" prefix? r> or if cr type cr true exit then
  2drop true ;

create log-line 256 allot
variable log-file
: no-log ( -- )
  s" fivestep replay: say which log; usage: playforth examples/fivestep.fs replay FILE"
  stderr write-line drop  2 (bye) ;
: cannot-open ( c-addr u -- )
  s" fivestep replay: cannot open " err  stderr write-line drop  1 (bye) ;
: open-log ( c-addr u -- )      \ or say why not, and exit
  2dup r/o open-file if drop cannot-open exit then  log-file !  2drop ;
: replay ( -- )                 \ the log named on the command line
  next-arg dup 0= if 2drop no-log then  open-log
  begin log-line 256 log-file @ read-line throw while
    log-line swap replay-line 0= if log-file @ close-file drop exit then
  repeat drop  log-file @ close-file drop ;

start
script? [if]
  1 arg s" bot" str= [if] next-arg 2drop bot [else]
  1 arg s" replay" str= [if] next-arg 2drop replay [else]
  s" examples/fivestep.fs" game-arguments [if] demo [else] play [then] [then] [then]
[then]
