\ The search the board games (othello, chess, jungle, fivestep) share. A
\ game includes it with
\   require ./lib/search.fs      (found beside the game's file)
\
\ Copy-make on a stack of boards: ply 0 holds a copy of the game's board,
\ and a move is made by copying a board one ply down and changing the
\ copy, so going back up undoes it. Whatever else a ply needs (its depth,
\ its alpha-beta window, the moves it has left) lives in arrays with one
\ cell per ply, indexed by PLY.
\
\ The score is negamax: always from the view of the side to move at that
\ ply, so a child's score, negated, is the score for its parent's side,
\ and each side takes the highest. Alpha-beta keeps a
\ window (alpha, beta) per ply; a child gets its parent's window negated
\ and swapped. Each game writes (negamax), its own search of one ply, and
\ sets  ' (negamax) is negamax ; one game at a time owns the search.

16 constant max-ply             \ the deepest any search goes

\ ---- the ply stack ------------------------------------------------------

variable ply                    \ how deep the search is now; 0 at the root
: per-ply ( "name" -- )         \ an array with a cell for each ply
  create max-ply 2 + cells allot ;
: this ( array -- addr ) ply @ cells + ;   \ its cell at this ply

per-ply depths                  \ plies left to search below this one
per-ply alphas                  \ the score this side is sure of
per-ply betas                   \ the score the other side lets it reach

\ ---- the stack of boards ------------------------------------------------

128 constant max-board          \ bytes; chess's 0x88 board is the biggest
create boards max-board max-ply 2 + * allot
variable /board                 \ the size of this game's board in bytes

: board# ( -- addr ) ply @ /board @ * boards + ;   \ this ply's board
: child# ( -- addr ) board# /board @ + ;           \ the board one ply down
: copy-down ( -- ) board# child# /board @ move ;   \ the child starts as this board

: search-from ( board size depth -- )   \ ply 0 holds a copy of board
  0 ply !  depths this !  dup /board !  board# swap move ;

: down ( -- ) depths this @ 1-  1 ply +!  depths this ! ;  \ to the child: one ply less
: up ( -- ) -1 ply +! ;

\ ---- alpha-beta ---------------------------------------------------------

defer negamax ( -- score )      \ the game's search of board#, for the side to move there

: window ( -- alpha beta ) alphas this @  betas this @ ;
: open? ( -- flag ) window < ;  \ false once a move has reached beta: stop looking
: raise ( score -- ) alphas this @ max alphas this ! ;  \ keep the best score so far

: descend ( -- score )          \ child#'s score, from this side's view
  window negate swap negate     ( child's alpha: -beta, child's beta: -alpha )
  down  betas this !  alphas this !
  negamax negate  up ;

\ ---- the computer's choice at the root -----------------------------------
\ The computer chooses among the moves with the best score at random
\ (CHOOSE), so --seed N picks one game and another seed another. A move
\ is one cell; each root move is searched with a window just below the
\ best score so far, so a move as good as the best gets its exact score.

256 constant max-ties
create ties max-ties cells allot  variable #ties
variable best                   \ the best score at the root so far
: no-ties ( -- ) 0 #ties ! ;
: tie ( move -- ) #ties @ max-ties < if ties #ties @ cells + !  1 #ties +! else drop then ;
: weigh ( move score -- )       \ keep the move if it is as good as the best so far
  dup best @ > if best ! no-ties tie exit then
  best @ = if tie else drop then ;
: chosen ( -- move | -1 )       \ one of the best moves, -1 when there was none
  #ties @ if #ties @ choose cells ties + @ else -1 then ;

: choosing ( low high -- )      \ no move yet; every score lies above low, below high
  betas this !  best !  no-ties ;
: score-root ( -- score )       \ child#'s score, exact when as good as the best
  best @ 1- alphas this !  descend ;

\ ---- how far to look -----------------------------------------------------
\ Each game says how many plies each level (lib/play.fs) searches.

variable lookahead              \ how many plies best-move searches
create level-plies 5 cells allot  \ how far levels 1 to 5 look ahead
: plies-per-level ( p1 p2 p3 p4 p5 -- ) 0 4 do level-plies i cells + ! -1 +loop ;
: level-depth ( level -- plies ) 1- cells level-plies + @ ;
: start-level ( n -- ) dup level  level-depth lookahead ! ;  \ the game's own level
