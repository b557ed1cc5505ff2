\ Chess with a 0x88 board, against the computer.
\
\   playforth examples/chess.fs           you (white) against the computer
\   playforth examples/chess.fs demo      the computer against itself
\   include examples/chess.fs             only load it; try
\       s" r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1" setup 2 perft .
\
\ Square = rank*16 + file (a1 = 0, h8 = 119); a square is on the board when
\ sq $88 and 0= (the built-in on-board?). Pieces: 1 pawn 2 knight 3 bishop
\ 4 rook 5 queen 6 king, plus 8 for black. The board's 64 off-board bytes
\ hold the rest of the position, so copying 128 bytes copies everything.

require ./lib/play.fs  require ./lib/search.fs   \ the move prompt; the computer's search

\ ---- the position ----------------------------------------------------------

1 constant pawn  2 constant knight  3 constant bishop
4 constant rook  5 constant queen   6 constant king
0 constant white  1 constant black

create board 128 allot
variable pos                    \ the board the rules look at
: sq@ ( sq -- piece ) pos @ + c@ ;
: sq! ( piece sq -- ) pos @ + c! ;
: kind ( piece -- type ) 7 and ;
: color ( piece -- c ) 3 rshift ;
: other ( c -- c' ) 1 xor ;

\ Off-board bytes: 8 side, 9 castling rights, 10 en passant square (255
\ none), 11 and 12 the white and black king squares.
1 constant white-short  2 constant white-long  4 constant black-short  8 constant black-long
0 constant a1  4 constant e1  7 constant h1  112 constant a8  116 constant e8  119 constant h8
255 constant no-ep
: side ( -- addr ) pos @ 8 + ;
: castling ( -- addr ) pos @ 9 + ;
: ep ( -- addr ) pos @ 10 + ;
: king-sq ( c -- addr ) pos @ 11 + + ;

: .square ( sq -- ) dup 15 and [char] a + emit 4 rshift [char] 1 + emit ;

\ ---- FEN ---------------------------------------------------------------------

: letter>piece ( char -- piece | 0 )
  dup [char] a < if 32 + 0 else 8 then swap   ( color-bits lower-case-letter )
  case [char] p of pawn endof [char] n of knight endof [char] b of bishop endof
       [char] r of rook endof [char] q of queen endof [char] k of king endof
       0 swap
  endcase
  dup if + else nip then ;

\ setup reads the FEN into a board of its own and checks it before the
\ game's board takes it: 8 ranks of 8 squares, known letters, one king
\ each, no pawn on the first or last rank, w or b to move, castling KQkq
\ or - (each right with its king and rook still at home), en passant - or
\ a square on rank 3 or 6, the move counters as numbers and nothing after
\ them, and the side that just moved not left in check. Any number of
\ blanks may separate the fields.
create fen-board 128 allot
variable at-file  variable at-rank
: next-cell ( -- sq )
  at-file @ 8 = abort" setup: a rank of the FEN has more than 8 squares"
  at-rank @ 16 * at-file @ +  1 at-file +! ;
: next-rank ( -- )
  at-file @ 8 <> abort" setup: a rank of the FEN does not have 8 squares"
  at-rank @ 0= abort" setup: the FEN has more than 8 ranks"
  -1 at-rank +!  0 at-file ! ;
: count? ( char -- flag ) [char] 0 [char] 9 1+ within ;
: empty-squares ( digit -- )    \ a digit in a rank: that many empty squares
  dup [char] 0 = abort" setup: a digit in the FEN counts 1 to 8 empty squares"
  [char] 0 - at-file +!  at-file @ 8 > abort" setup: a rank of the FEN has more than 8 squares" ;
: placement ( char -- )
  dup [char] / = if drop next-rank exit then
  dup count? if empty-squares exit then
  letter>piece dup 0= abort" setup: unknown piece letter in the FEN (p n b r q k, upper case white)"
  next-cell
  over kind king = if dup 2 pick color king-sq c! then
  sq! ;
: castle-right ( char -- )
  case [char] K of white-short endof [char] Q of white-long endof
       [char] k of black-short endof [char] q of black-long endof
       [char] - of 0 endof  true abort" setup: castling rights are K Q k q or -"
  endcase
  castling c@ or castling c! ;
: ep-char ( char -- )
  dup [char] - = if drop exit then
  dup [char] a [char] i within if [char] a - ep c@ 112 and or ep c! exit then
  dup [char] 3 = over [char] 6 = or if [char] 1 - 16 * ep c@ 15 and or ep c! exit then
  true abort" setup: the en passant square is - or a square on rank 3 or 6" ;
: to-move ( c-addr u -- )
  2dup s" b" str= if 2drop black side c! exit then
  s" w" str= 0= abort" setup: the side to move is w or b"  white side c! ;
: counter ( c-addr u -- n )     \ the halfmove clock or the move number, 0 if not given
  0 0 2swap >number nip nip abort" setup: the move counters of the FEN are numbers" ;
variable clock                  \ plies without a capture or pawn move before the position set up

: next-field ( c-addr u -- c-addr' u' field u2 ) \ skip blanks, take up to the next blank
  begin dup while over c@ blank? while 1 /string repeat then
  over >r  begin dup while over c@ blank? 0= while 1 /string repeat then
  over r@ -  r> swap ;
: each-char ( c-addr u xt -- )  \ run xt ( char -- ) on each character
  -rot bounds ?do i c@ over execute loop drop ;
: read-fen ( c-addr u -- )      \ the six fields into fen-board
  next-field ['] placement each-char
  next-field dup 0= abort" setup: the FEN needs at least the pieces and the side to move"
  to-move
  next-field ['] castle-right each-char
  next-field ['] ep-char each-char
  next-field counter clock !  next-field counter drop
  next-field nip abort" setup: something follows the FEN's six fields"  2drop ;

\ ---- drawing ----------------------------------------------------------------

: .letter ( piece -- )          \ K Q R B N P for White, k q r b n p for Black
  ?dup if dup kind s" .PNBRQK" drop + c@ swap color if 32 + then emit else ." ." then ;
: .figure ( piece -- )          \ ♔ ♕ ♖ ♗ ♘ ♙ for White, ♚ ♛ ♜ ♝ ♞ ♟ for Black
  ?dup 0= if space exit then
  dup kind 1- 3 *  swap color if s" ♟♞♝♜♛♚" else s" ♙♘♗♖♕♔" then drop + 3 type ;
: .piece ( piece -- ) pretty? if .figure else .letter then ;
: light? ( sq -- flag ) dup 15 and swap 4 rshift + 1 and ;
: .square-on ( sq -- )          \ a piece on its square's colour
  dup light? if 47 else 43 then paint  30 paint  space sq@ .figure space  unpaint ;
: .pretty-rank ( rank -- )
  ."   " dup 1+ 0 .r space  8 0 do dup 16 * i + .square-on loop drop cr ;
: .board ( -- )
  board pos !  cr
  pretty? if
    0 7 do i .pretty-rank -1 +loop  ."     a  b  c  d  e  f  g  h" cr exit
  then
  0 7 do ."   " i 1+ 0 .r space  8 0 do j 16 * i + sq@ .piece space loop cr -1 +loop
  ."     a b c d e f g h" cr ;

\ ---- attacks ------------------------------------------------------------------
\ The built-in attack-kinds looks up, for any two squares, which kinds of
\ piece could attack along that line; attack-step gives the slide's step.

create kind-bits 0 , 0 , 1 , 2 , 4 , 6 , 8 ,   \ by type; pawns depend on color
: kinds-of ( piece -- bits )
  dup kind pawn = if color if 32 else 16 then else kind cells kind-bits + @ then ;
: clear-path? ( from to -- flag ) \ every square strictly between is empty
  2dup attack-step >r  swap r@ +
  begin 2dup <> while  dup sq@ if 2drop r> drop false exit then  r@ +  repeat
  2drop r> drop true ;
: attacks? ( from to -- flag )  \ does the piece on from attack to?
  over sq@ kinds-of  2 pick 2 pick attack-kinds and  ?dup 0= if 2drop false exit then
  6 and if clear-path? else 2drop true then ;
: attacked? ( sq c -- flag )    \ is sq attacked by a piece of color c?
  120 0 do
    i $88 and 0= if
      i sq@ ?dup if color over = if i 2 pick attacks? if 2drop true unloop exit then then then
    then
  loop 2drop false ;
: in-check? ( c -- flag ) dup king-sq c@ swap other attacked? ;

\ ---- setup's checks, which need the attacks --------------------------------

: kings ( c -- n )              \ how many kings of color c
  0 120 0 do i $88 and 0= if i sq@ dup kind king = swap color 3 pick = and - then loop nip ;
: pawn-at-edge? ( -- flag )
  false 8 0 do i sq@ kind pawn = or  i 112 + sq@ kind pawn = or loop ;
\ A castling right needs its king and its rook still on their first squares.
: home-pair? ( king-sq rook-sq c -- flag )   \ c's king and rook stand there
  8 * >r  sq@ rook r@ + =  swap sq@ king r> + =  and ;
: fits? ( right -- flag )       \ not held, or held with the king and rook at home
  dup castling c@ and 0= if drop true exit then
  case white-short of e1 h1 white endof  white-long of e1 a1 white endof
       black-short of e8 h8 black endof  black-long of e8 a8 black endof endcase
  home-pair? ;
: check-castling ( -- )
  white-short fits? 0= abort" setup: castling K needs the white king on e1 and a rook on h1"
  white-long fits? 0= abort" setup: castling Q needs the white king on e1 and a rook on a1"
  black-short fits? 0= abort" setup: castling k needs the black king on e8 and a rook on h8"
  black-long fits? 0= abort" setup: castling q needs the black king on e8 and a rook on a8" ;
: check-position ( -- )
  at-rank @ 0<> at-file @ 8 <> or abort" setup: the FEN needs 8 ranks of 8 squares"
  white kings 1 <> black kings 1 <> or abort" setup: each side needs exactly one king"
  pawn-at-edge? abort" setup: a pawn on the first or last rank"
  check-castling
  side c@ other in-check? abort" setup: the side that is not to move is in check" ;

: setup ( c-addr u -- )         \ a position in FEN
  fen-board pos !  fen-board 128 erase  no-ep ep c!  7 at-rank !  0 at-file !
  read-fen
  ep c@ no-ep <> if ep c@ dup 15 and 8 < swap 4 rshift dup 2 = swap 5 = or and 0=
    abort" setup: the en passant square is - or a square on rank 3 or 6" then
  check-position
  fen-board board 128 move  board pos ! ;

: start ( -- ) s" rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1" setup ;


\ ---- move generation ----------------------------------------------------------
\ A move is one cell: from + 256*to + 65536*promotion piece type.

: encode ( from to promo -- m ) 16 lshift swap 8 lshift or or ;
: origin ( m -- sq ) 255 and ;
: target ( m -- sq ) 8 rshift 255 and ;
: promotion ( m -- type ) 16 rshift ;

\ The ply stack and its boards are in lib/search.fs; each ply keeps its
\ list of moves here.
create lists 256 max-ply 2 + * cells allot
: list# ( -- addr ) ply @ 256 * cells lists + ;
per-ply counts                  \ how many moves the list holds
: look ( -- ) board# pos ! ;
: root ( depth -- ) board 128 rot search-from  look ;

: add ( from to promo -- ) encode  list# counts this @ cells + !  1 counts this +! ;
: me ( -- c ) side c@ ;
: enemy? ( sq -- flag ) sq@ ?dup if color me <> else false then ;
: free? ( sq -- flag ) dup on-board? if sq@ 0= else drop false then ;
: own? ( sq -- flag ) sq@ ?dup if color me = else false then ;
: can-land? ( sq -- flag ) dup on-board? if own? 0= else drop false then ;  \ empty or an enemy

: rank ( sq -- r ) 4 rshift ;
: forward ( -- step ) me if -16 else 16 then ;  \ one rank toward the enemy
: last-rank? ( sq -- flag ) rank dup 7 = swap 0= or ;
: first-step? ( sq -- flag ) rank  me if 6 else 1 then = ;  \ a pawn still at home

: promotions ( from to -- ) 2dup queen add  2dup rook add  2dup bishop add  knight add ;
: add-pawn ( from to -- ) dup last-rank? if promotions else 0 add then ;

: pawn-capture ( sq to -- )
  dup on-board? 0= if 2drop exit then
  dup enemy? over ep c@ = or if add-pawn else 2drop then ;

: pawn-push ( sq -- )           \ one square ahead, or two from home, onto empty squares
  dup forward + free? 0= if drop exit then
  dup dup forward + add-pawn
  dup first-step? 0= if drop exit then
  dup forward 2* + dup free? if 0 add else 2drop then ;

: pawn-moves ( sq -- )
  dup pawn-push
  dup dup forward + 1- pawn-capture
  dup forward + 1+ pawn-capture ;

create knight-steps 14 , 18 , 31 , 33 , -14 , -18 , -31 , -33 ,
create king-steps   1 , -1 , 16 , -16 , 15 , 17 , -15 , -17 ,

: jumps ( sq table -- )         \ knight or king: one step each way
  8 0 do
    over over i cells + @ +  dup can-land? if 2 pick swap 0 add else drop then
  loop 2drop ;

: slide ( sq step -- )          \ along one line until blocked
  over begin over + dup on-board? while
    dup sq@ 0= if 2 pick over 0 add else
      dup enemy? if 2 pick over 0 add then  drop 2drop exit
    then
  repeat drop 2drop ;

: slides ( sq first last -- )   \ the king-steps from index first to last-1
  swap ?do dup i cells king-steps + @ slide loop drop ;

\ Castling: the king steps two squares toward a rook on its first rank
\ and the rook jumps over it, if neither has moved (the castling rights
\ say so), every square between them is empty, and the king is not in
\ check nor crosses or lands on an attacked square.
: home ( -- sq ) me if e8 else e1 then ;   \ where the mover's king starts
: right? ( white-right -- flag ) \ has the mover this right? (named by white's)
  me if 2 lshift then  castling c@ and 0<> ;
: safe? ( sq -- flag ) me other attacked? 0= ;
: safe-walk? ( from to -- flag ) \ from, to and the square between: none attacked
  2dup + 2/ safe?  rot safe? and  swap safe? and ;
: may-castle? ( to rook -- flag )  \ the king on home to to, beside the rook on rook
  me king-sq c@ home <> if 2drop false exit then
  dup sq@ kind rook <> if 2drop false exit then
  home swap clear-path? 0= if drop false exit then
  home swap safe-walk? ;
: castle ( to rook -- )          \ add the castling if it is allowed
  over swap may-castle? if home swap 0 add else drop then ;
: castles ( -- )                \ called only when the mover is not in check
  white-short right? if home 2 +  home 3 + castle then
  white-long right? if home 2 -  home 4 - castle then ;

: piece-moves ( sq -- )
  dup sq@ kind case
    pawn of pawn-moves endof
    knight of knight-steps jumps endof
    bishop of 4 8 slides endof
    rook of 0 4 slides endof
    queen of 0 8 slides endof
    king of king-steps jumps endof
  endcase ;

: generate ( -- )               \ every pseudo-legal move of this ply into list#
  look  0 counts this !
  120 0 do
    i $88 and 0= if i sq@ ?dup if color me = if i piece-moves then then then
  loop
  me in-check? 0= if castles then ;

\ ---- making moves -----------------------------------------------------------------

: lost-rights ( sq -- rights ) \ the castling a move from or to sq ends
  case a1 of white-long endof  h1 of white-short endof  e1 of white-short white-long or endof
       a8 of black-long endof  h8 of black-short endof  e8 of black-short black-long or endof
       0 swap endcase ;
: clear-rights ( sq -- ) lost-rights invert  castling c@ and castling c! ;

: move-piece ( from to -- ) over sq@ swap sq!  0 swap sq! ;
: castle-rook ( m -- )          \ when the king moves two squares, the rook jumps over it
  dup target swap origin -      ( +2 king side, -2 queen side )
  dup abs 2 <> if drop exit then
  0> if home 3 +  home 1+ else home 4 -  home 1- then  move-piece ;

: behind ( sq -- sq' ) forward - ;   \ one square back, seen from the mover
: en-passant ( m -- )           \ a pawn taking en passant takes the pawn it passes
  target dup ep c@ = if behind 0 swap sq! else drop then ;
: double-step ( m -- )          \ after a pawn's double step, the square it passed is en passant
  dup target swap origin  2dup - abs 32 = if + 2/ ep c! else 2drop then ;
: pawn-move ( m -- ) dup en-passant  no-ep ep c!  double-step ;
: king-move ( m -- ) dup target me king-sq c!  castle-rook ;
: landing ( m piece -- piece' ) \ what stands on the target: the promotion, if any
  swap promotion ?dup if nip me 8 * + then ;

: make ( m -- )                 \ play m from board# onto child#
  copy-down  child# pos !
  dup origin sq@                ( m piece )
  dup kind pawn = if over pawn-move else no-ep ep c! then
  dup kind king = if over king-move then
  over swap landing  over target sq!
  0 over origin sq!
  dup origin clear-rights  target clear-rights
  me other side c! ;

: legal? ( -- flag )            \ after make: did the mover leave its king safe?
  me other in-check? 0= ;

\ ---- perft -----------------------------------------------------------------------

: moves# ( -- n ) counts this @ ;
: move# ( i -- m ) cells list# + @ ;

: (perft) ( -- n )
  depths this @ 0= if 1 exit then
  generate 0
  moves# 0 ?do  i move# make legal? if down recurse up + then  look  loop ;

: perft ( depth -- n )
  dup max-ply > abort" perft goes at most 16 plies deep"
  root (perft) ;

\ ---- the computer ---------------------------------------------------------------
\ Alpha-beta (negamax) on material and a little central control.

create values 0 , 100 , 320 , 330 , 500 , 900 , 0 ,
: center ( sq -- n )            \ 0 on the rim .. 6 in the middle
  dup 15 and 2* 7 - abs  swap 4 rshift 2* 7 - abs +  14 swap - 2/ ;
: worth ( -- n )                \ for the side to move: higher is better
  0 120 0 do
    i $88 and 0= if i sq@ ?dup if
      dup kind cells values + @
      over kind dup knight = swap pawn = or if i center 4 * + then
      swap color me = if + else - then
    then then
  loop ;

100000 constant mate
create spare 256 cells allot    \ the list while it is reordered
: spare! ( m i -- ) cells spare + ! ;

: search-move ( i -- legal? )   \ play the list's i-th move if it is legal, and score it
  move# make legal? dup if descend raise then  look ;
: no-move ( -- score )          \ mated (the sooner the worse) or stalemate
  me in-check? if mate negate ply @ + else 0 then ;

: captures-first ( -- )        \ reorder the list: captures, then the rest
  0  moves# 0 ?do i move# target sq@ if  i move# over spare!  1+ then loop
  moves# 0 ?do i move# target sq@ 0= if  i move# over spare!  1+ then loop drop
  spare list# moves# cells move ;

: (negamax) ( -- score )        \ captures first: they most often cut the search short
  look depths this @ 0= if worth exit then
  generate captures-first  false
  moves# 0 ?do  open? 0= if leave then  i search-move or  loop
  if alphas this @ else no-move then ;
' (negamax) is negamax

: best-move ( -- m | 0 )        \ 0 when there is no legal move
  lookahead @ root generate  mate 1+ negate  mate 1+ choosing
  moves# 0 ?do
    i move# make legal? if  i move# score-root weigh  then look
  loop chosen 0 max ;

: legal-moves# ( -- n )         \ how many legal moves the side to move has
  0 root generate 0  moves# 0 ?do i move# make legal? - look loop ;
: random-move ( -- m | 0 )      \ any legal move, for testing the computer
  0 root generate no-ties
  moves# 0 ?do  i move# make legal? if i move# tie then look  loop chosen 0 max ;

1 2 3 4 5 plies-per-level   \ how far levels 1 to 5 look ahead
: computer-move ( -- m )        \ the move of the side to move, at its level
  board pos !  me white = level-of
  dup at-random? if drop random-move exit then
  level-depth lookahead !  best-move ;
3 start-level
\ (level-depth and start-level are in lib/search.fs)

\ ---- playing --------------------------------------------------------------------

: .move ( m -- )
  dup origin .square dup target .square
  promotion ?dup if s" ?pnbrqk" drop + c@ emit then ;
: .kind ( type -- )
  case pawn of ." pawn" endof knight of ." knight" endof bishop of ." bishop" endof
       rook of ." rook" endof queen of ." queen" endof ." king" endcase ;
: .side ( c -- ) if ." Black" else ." White" then ;

variable last-move              \ the last move played, 0 before the first

: play-move ( m -- )            \ on the game's board
  dup last-move !  0 root make  child# board 128 move  board pos ! ;

: legal-move? ( m -- flag ) 0 root make legal? look ;
: first-legal ( -- m )          \ the first legal move in the list (0 if none)
  0 root generate 0
  moves# 0 ?do i move# legal-move? if drop i move# leave then loop ;
: move-width ( m -- n ) promotion if 5 else 4 then ;  \ e2e4, e7e8q
: .legal ( -- )                 \ wrapped at the terminal's width (see room)
  s" Legal moves:" list-head  0 root generate
  moves# 0 ?do i move# legal-move? if i move# dup move-width room .move then loop list-end ;

: >sq ( c-addr -- sq | -1 )
  dup c@ [char] a - swap char+ c@ [char] 1 -
  over 8 u< over 8 u< and if 16 * + else 2drop -1 then ;
: >kind ( char -- type | 0 )    \ what a pawn promotes to
  case [char] n of knight endof [char] b of bishop endof [char] r of rook endof
       [char] q of queen endof 0 swap endcase ;
: >move ( c-addr u -- from to promo ) \ -1: no such square or letter; promo 0: no letter
  over >sq  2 pick 2 + >sq
  2swap 4 > if 4 + c@ >kind dup 0= if drop -1 then else drop 0 then ;

: matches? ( typed m -- flag )  \ a promotion typed without its letter is to a queen
  dup promotion  2 pick promotion 0=  and if swap queen 16 lshift or swap then  = ;
: find-move ( typed -- m | 0 )  \ the move of the list that matches, legal or not
  0 root generate
  moves# 0 ?do  dup i move# matches? if drop i move# unloop exit then  loop
  drop 0 ;

: .format ( -- )
  ." Type the squares from and to, like " first-legal .move
  ." , or algebraic notation, like Nf3, e4, exd5 or O-O;" cr
  ." a pawn reaching the last rank takes q, r, b or n (e7e8q, e8=Q)." cr ;
: .no-piece ( m -- ) origin ." There is no piece on " .square ." ." cr ;
: .not-yours ( m -- )
  origin ." The piece on " .square ."  is not yours: you play " me .side ." ." cr ;
: .own-there ( m -- ) target ." Your own " dup sq@ kind .kind ."  is on " .square ." ." cr ;
: .not-there ( m -- )
  ." The " dup origin sq@ kind .kind ."  on " dup origin .square
  ."  cannot go to " target .square ." ." cr ;
: .in-check ( m -- ) drop ." That move would leave your king in check." cr ;

: promotes? ( m -- flag ) dup origin sq@ kind pawn =  swap target last-rank? and ;
: .no-promotion ( m -- )
  ." Only a pawn reaching the last rank takes a letter (q, r, b, n): type "
  65535 and .move ."  alone." cr ;
: castling? ( m -- flag )       \ the king two squares along the rank from its home
  dup origin home =  over origin sq@ kind king = and
  swap dup target swap origin - abs 2 = and ;
: rook-home ( m -- sq ) target home - 0> if home 3 + else home 4 - then ;
: .no-castling ( m -- )         \ why the king may not castle that way now
  dup target home - 0> if white-short else white-long then right? 0= if
    drop ." You may not castle that way: your king or that rook has moved." cr exit then
  home over rook-home clear-path? 0= if
    drop ." Castling needs every square between your king and the rook empty." cr exit then
  drop me in-check? if ." You may not castle while your king is in check." cr exit then
  ." Your king may not castle across or onto a square the enemy attacks." cr ;

: refused? ( m -- flag )        \ say why the typed move is not a move, if it is not
  board pos !
  dup origin sq@ 0= if .no-piece true exit then
  dup origin own? 0= if .not-yours true exit then
  dup target own? if .own-there true exit then
  dup promotion if dup promotes? 0= if .no-promotion true exit then then
  dup find-move 0= if dup castling? if .no-castling else .not-there then true exit then
  drop false ;
: typo? ( from to promo -- flag ) 0<  rot 0< or  swap 0< or ;  \ no square, or a bad letter
: try-move ( from to promo -- m | 0 )   \ the legal move, or 0 after saying why not
  >r 2dup r@ typo? if r> drop 2drop .format 0 exit then
  r> encode  dup refused? if drop 0 exit then
  find-move  dup legal-move? 0= if .in-check 0 then ;

: file? ( char -- flag ) [char] a [char] h 1+ within ;
: rank? ( char -- flag ) [char] 1 [char] 8 1+ within ;
: squares? ( c-addr u -- flag ) \ e2e4 or e7e8q: two squares, then maybe a letter
  dup 4 6 within 0= if 2drop false exit then  drop
  true  4 0 do over i + c@  i 1 and if rank? else file? then and  loop nip ;

\ ---- algebraic notation ------------------------------------------------------
\ The prompt also takes the usual algebraic notation (SAN): e4, Nf3, exd5,
\ Nbd7, R1e2, e8=Q, O-O, O-O-O, with or without x, + and #. An upper-case
\ K Q R B N names a piece, and so do k q r n; but b is the b-file, so bxc4
\ is a pawn's capture and Bxc4 the bishop's (read-answer keeps the line as
\ typed in `typed`). The move is looked for among the legal moves: when
\ none or more than one fits, the player is told why.

create san 16 allot  variable #san      \ the move without x + # = - ! ? and blanks
: noise? ( char -- flag )       \ x + # = - ! ? or a blank
  dup blank? if drop true exit then
  s" x+#=-!?" bounds ?do dup i c@ = if drop true unloop exit then loop drop false ;
: >san ( c-addr u -- )          \ what counts of the move into san; #san > 16: too long
  0 #san !  bounds ?do
    i c@ noise? 0= if #san @ 16 < if i c@ san #san @ + c! then  1 #san +! then
  loop ;
: castles? ( -- 0 | 2 | 3 )     \ O-O or 0-0: 2 (king side); O-O-O: 3 (queen side)
  #san @ 2 4 within 0= if 0 exit then
  san #san @ bounds ?do i c@ dup [char] O = over [char] o = or swap [char] 0 = or
    0= if 0 unloop exit then  loop  #san @ ;

variable want-kind  variable want-to  variable want-promo   \ what was typed:
variable want-file  variable want-rank                      \ -1 when not given
: piece-letter ( char -- type | 0 )
  case [char] K of king endof  [char] Q of queen endof  [char] R of rook endof
       [char] B of bishop endof  [char] N of knight endof  [char] k of king endof
       [char] q of queen endof  [char] r of rook endof  [char] n of knight endof
       0 swap endcase ;
: promotion-letter ( char -- type | 0 ) dup [char] A [char] Z 1+ within if 32 + then >kind ;
: last-char ( -- char ) san #san @ + 1- c@ ;
: take-promotion ( -- ok? )     \ a letter at the end is what a pawn becomes
  last-char rank? if true exit then
  last-char promotion-letter dup want-promo !  -1 #san +!  0<> ;
: take-target ( -- ok? )        \ then the square the piece goes to
  #san @ 2 < if false exit then
  san #san @ + 2 -  dup c@ file? over char+ c@ rank? and 0= if drop false exit then
  >sq want-to !  -2 #san +!  true ;
: take-origin ( -- ok? )        \ what is left: a piece letter, a file, a rank, each if given
  san #san @
  dup if over c@ piece-letter ?dup if want-kind ! 1 /string then then
  dup if over c@ file? if over c@ [char] a - want-file ! 1 /string then then
  dup if over c@ rank? if over c@ [char] 1 - want-rank ! 1 /string then then
  nip 0= ;
: parse-san ( -- ok? )          \ san into the want- variables
  pawn want-kind !  0 want-promo !  -1 want-file !  -1 want-rank !
  #san @ 2 17 within 0= if false exit then
  take-promotion 0= if false exit then
  take-target 0= if false exit then
  take-origin ;

: typed-fits? ( m -- flag )     \ does the list's move m fit what was typed?
  dup target want-to @ <> if drop false exit then
  dup origin sq@ kind want-kind @ <> if drop false exit then
  want-file @ 0< if              \ a pawn that takes names its file: exd5
    want-kind @ pawn = if dup origin 15 and over target 15 and <> if drop false exit then then
  else dup origin 15 and want-file @ <> if drop false exit then then
  want-rank @ 0< 0= if dup origin rank want-rank @ <> if drop false exit then then
  promotion  want-promo @ ?dup if = else dup 0= swap queen = or then ;  \ no letter: a queen

variable found  variable #found  variable #fitting
: san-search ( -- )             \ found: a legal move that fits; how many do, legal or not
  0 found !  0 #found !  0 #fitting !  0 root generate
  moves# 0 ?do i move# typed-fits? if
    1 #fitting +!  i move# legal-move? if i move# found !  1 #found +! then
  then loop ;

: .piece-name ( -- ) want-kind @ .kind ;
: .from-squares ( -- )          \ the squares of the legal moves that fit: b1 and f3
  0 root generate 0
  moves# 0 ?do i move# typed-fits? if i move# legal-move? if
    dup if ."  and " then  i move# origin .square 1+
  then then loop drop ;
: .san-letter ( type -- ) dup pawn = if drop exit then  s" ?PNBRQK" drop + c@ emit ;
: .ambiguous ( -- )             \ the example names the whole square the piece comes from
  ." More than one " .piece-name ."  can go to " want-to @ .square ." : from "
  .from-squares ." . Add the file or the rank of the one you mean, like "
  want-kind @ .san-letter  found @ origin .square  want-to @ .square ." ." cr ;
: pawn-taking ( -- m | 0 )      \ a pawn's capture on the target square, if there is one
  0  0 root generate  moves# 0 ?do
    i move# target want-to @ =  i move# origin sq@ kind pawn = and
    i move# origin 15 and  want-to @ 15 and <> and  if drop i move# leave then
  loop ;
: .pawn-takes? ( -- flag )      \ exd5 typed as d5 or xd5: say that the file is needed
  want-kind @ pawn =  want-file @ 0< and 0= if false exit then
  pawn-taking ?dup 0= if false exit then
  ." A pawn that takes names the file it comes from, like "
  dup origin 15 and [char] a + emit ." x" target .square ." ." cr true ;
: .none-fits ( -- )             \ no move, legal or not, fits what was typed
  .pawn-takes? if exit then
  want-to @ own? if ." Your own " want-to @ sq@ kind .kind ."  is on " want-to @ .square ." ." cr exit then
  want-promo @ if want-kind @ pawn <>  want-to @ last-rank? 0=  or if
    ." Only a pawn reaching the last rank takes a letter (q, r, b, n)." cr exit then then
  ." No " .piece-name ."  of yours can go to " want-to @ .square
  want-file @ 0< want-rank @ 0< and 0= if ."  from there" then ." ." cr ;
: castle-move ( 2|3 -- m )      \ the king's move: two squares toward the rook
  home swap 2 = if dup 2 + else dup 2 - then 0 encode ;
: castle-typed ( 2|3 -- m | 0 )
  castle-move  dup find-move ?dup if legal-move? if exit then then
  .no-castling 0 ;
: san-move ( c-addr u -- m | 0 ) \ the legal move written in SAN, or 0 after saying why not
  >san  board pos !
  castles? ?dup if castle-typed exit then
  parse-san 0= if .format 0 exit then
  san-search
  #found @ 1 = if found @ exit then
  #found @ if .ambiguous 0 exit then
  #fitting @ if 0 .in-check 0 exit then
  .none-fits 0 ;

: .prompt ( -- )
  ." Your move (like " first-legal .move ." ; ? lists moves, q quits): " ;
: human-move ( -- m | -1 )      \ -1 when the player stops
  begin
    ['] .prompt ask-answer 0= if -1 exit then
    2dup moves-word? if 2drop .legal else
      squeeze 2dup squares? if >move try-move else
        2drop typed #typed @ san-move then
      ?dup if exit then
    then
  again ;

variable humans                 \ bit 0: white is human, bit 1: black is human
: human? ( -- flag ) board pos ! 1 me lshift humans @ and 0<> ;

\ Draws by the rules. The history holds the positions since the last
\ capture or pawn move: a position there for the third time is a draw by
\ repetition, and 100 plies (fifty moves each) without either a draw by
\ the fifty-move rule. Kings with at most one knight or bishop cannot mate.
101 constant max-history
create history 128 max-history * allot
variable #history
: entry ( i -- addr ) 128 * history + ;
: remember ( -- )               \ the game's position, after each move
  #history @ max-history < if board #history @ entry 128 move  1 #history +! then ;
: irreversible? ( m -- flag )   \ a capture or a pawn move: no way back
  board pos !  dup target sq@ 0<>  swap origin sq@ kind pawn =  or ;
: repeats ( -- n )              \ how often the position has been seen
  0 #history @ 0 ?do i entry 128 board 128 compare 0= - loop ;
: fifty-moves? ( -- flag )      \ 100 plies since a capture or pawn move (or since the clock set up)
  #history @ 1- clock @ +  max-history 1- >= ;
: material ( piece -- n ) kind dup king = if drop 0 exit then  dup knight = swap bishop = or if 1 else 2 then ;
: bare? ( -- flag )             \ kings and at most one knight or bishop
  board pos !  0 120 0 do i $88 and 0= if i sq@ ?dup if material + then then loop 2 < ;
: drawn? ( -- flag )            \ is the position drawn by the rules?
  repeats 3 >=  fifty-moves? or  bare? or ;
: .draw ( -- )                  \ which rule draws it
  repeats 3 >= if ." The same position a third time: a draw by repetition." cr exit then
  fifty-moves? if ." Fifty moves each without a capture or a pawn move: a draw." cr exit then
  ." Neither side has the pieces to checkmate: a draw." cr ;
: .draw? ( -- flag ) drawn? dup if .draw then ;  \ say so if the position is drawn

variable plies                  \ moves played in this game
variable max-moves  1000 max-moves !  \ plies before a game is called a draw anyway
: ended? ( -- flag )            \ no legal move, a draw by the rules, or too many moves
  legal-moves# 0=  drawn? or  plies @ max-moves @ = or ;
: .mated ( -- )                 \ no legal move: checkmate or stalemate
  board pos !  me in-check? if me other .side ."  wins by checkmate." else ." Stalemate: a draw." then cr ;
: .ending ( -- )                \ why the game ended
  legal-moves# 0= if .mated exit then
  drawn? if .draw exit then
  ." Too many moves: a draw." cr ;
: .turn ( -- )                  \ whose move (unless the game is over), the last move, the legend
  ."   " ended? if ." Game over" else board pos !  me .side ."  to move" then
  last-move @ ?dup if ." , last move " .move then cr
  pretty? if ."   White ♔ king ♕ queen ♖ rook ♗ bishop ♘ knight ♙ pawn; Black ♚ ♛ ♜ ♝ ♞ ♟" cr exit then
  ."   White upper case, Black lower case: K king Q queen R rook B bishop N knight P pawn" cr ;
\ ---- the picture for a page ---------------------------------------------------
\ playforth serve draws the position beside the REPL from a description
\ that the picture words make (the terminal keeps its text board): the
\ pieces, the last move, and the moves you may click, a piece and then
\ its target, when you are asked. A picture's square is rank*8+file (0x88>).

: piece$ ( piece -- c-addr u ) s" ?PNBRQK??pnbrqk" drop + 1 ;  \ as the text board shows it
create move-text 5 allot        \ a move as the prompt takes it: e2e4, e7e8q
: square>text ( sq addr -- ) over 15 and [char] a + over c!  swap rank [char] 1 + swap char+ c! ;
: move$ ( m -- c-addr u )
  dup origin move-text square>text  dup target move-text 2 + square>text
  promotion ?dup if s" ?pnbrqk" drop + c@ move-text 4 + c!  move-text 5 exit then
  move-text 4 ;
: picture-pieces ( -- )
  board pos !
  120 0 do i on-board? if i sq@ ?dup if
    i 0x88> swap  dup color 1+ swap  piece$ picture-piece
  then then loop ;
: picture-moves ( -- )          \ a promotion once for each piece, the queen first
  0 root generate
  moves# 0 ?do i move# legal-move? if
    i move# dup origin 0x88>  over target 0x88>  rot move$ picture-move
  then loop ;
: picture-last-move ( -- )
  last-move @ ?dup if dup origin 0x88> swap target 0x88> picture-last then ;
: turn$ ( -- c-addr u )         \ the caption: who moves, unless the game is over
  ended? if s" Game over" exit then
  board pos !  me if s" Black to move" else s" White to move" then ;
: publish ( ask? -- )           \ the position, for the page; ask?: you may click a move
  8 8 s" chess" picture  picture-pieces  picture-last-move  turn$ picture-caption
  if picture-moves then  show-picture ;

\ ---- the game's turns --------------------------------------------------------

: turns ( -- stopped? )         \ play until the game ends or the player stops
  begin
    .board .turn  ended? 0= human? and publish
    ended? if .ending false exit then
    board pos !  me in-check? if me .side ."  is in check." cr then
    human? if human-move else computer-move then
    dup 0< if drop true exit then
    board pos !  me .side ."  plays " dup .move cr
    dup irreversible? if 0 #history !  0 clock ! then  play-move remember  1 plies +!
    humans @ 0= if pause then
  again ;

: game ( -- ) ['] turns run-turns if .stopped .board false publish plies @ .unfinished then ;
: new-game ( humans -- ) start  humans !  0 last-move !  0 plies !  0 #history ! remember ;
: play ( -- ) 1 new-game  game ;   \ you are white
: demo ( -- ) 0 new-game  game ;

start
script? [if]
  s" examples/chess.fs" game-arguments [if] demo [else] play [then]
[then]
