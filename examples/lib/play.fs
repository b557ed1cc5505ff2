\ What the board games (othello, chess, jungle, fivestep) share for
\ playing: the computer's level, the move prompt, Ctrl-C and the demo's
\ pauses (their search is in search.fs). A game includes it with
\   require ./lib/play.fs        (found beside the game's file)
\
\ The prompt reads one answer a line, forgiving about case and blanks. An
\ empty line asks again; q, quit, Ctrl-D (the end of input) and Ctrl-C all
\ stop the game without an error, so the game can show the final position.

\ ---- levels -------------------------------------------------------------
\ The computer's strength, from level 1 (a beginner can beat it) to 5 (the
\ strongest that still answers in reasonable time): each game says how
\ many plies each level searches, and level 1 also plays about every other
\ move at random. Level 0 plays only at random (to measure the others).
\ Each side has its level, so two levels can play each other in a demo.

variable first-level            \ the level of the side that moves first
variable second-level           \ and of the other side

: level? ( n -- n )
  dup 0 6 within 0= abort" level: 1 (easiest) to 5 (strongest), or 0 for random moves" ;
: levels ( first second -- ) level? second-level !  level? first-level ! ;
: level ( n -- ) dup levels ;   \ the computer's level, whichever side it plays
: level-of ( first? -- n ) if first-level else second-level then @ ;
: at-random? ( level -- flag )  \ level 0 always plays at random, level 1 half the time
  dup 0= if drop true exit then  1 = if 2 choose 0= else false then ;

: >level ( c-addr u -- n true | false )  \ "1" .. "5": a level a player may choose
  dup 0= if 2drop false exit then
  0 0 2swap >number nip nip if drop false exit then
  dup 1 6 within if true else drop false then ;

\ ---- the command line -----------------------------------------------------
\ playforth examples/GAME.fs [demo] [level N], in any order. A mistake is
\ said in one line on stderr, with the usage, and the exit status is 2.

2variable game-file             \ the game's file, for the usage line
: say ( c-addr u -- ) stderr write-file drop ;
: usage ( -- )                  \ after the message: the usage, and exit status 2
  s" ; usage: playforth " say  game-file 2@ say
  s"  [demo] [level N]" stderr write-line drop  2 (bye) ;
: level-argument ( c-addr u -- ) \ the N after "level"
  2dup >level if nip nip level exit then
  game-file 2@ say  s" : level" say  dup if s"  " say then  say
  s" : the levels are 1 (easiest) to 5 (strongest), like: level 2" say  usage ;
: unknown-argument ( c-addr u -- )
  game-file 2@ say  s" : '" say  say  s" ' is not demo or level N" say  usage ;
: game-arguments ( c-addr u -- demo? )  \ c-addr u: the game's file
  game-file 2!  false
  begin next-arg dup while
    2dup s" demo" str= if 2drop drop true else
    2dup s" level" str= if 2drop next-arg level-argument else
    unknown-argument then then
  repeat 2drop ;

\ ---- the move prompt ------------------------------------------------------

create answer 80 allot          \ the line the player typed, made lower case and trimmed
create typed 80 allot           \ the same line as it was typed (chess tells Bc4 from bc4)
variable #typed

: blank? ( char -- flag ) bl 1+ < ;
: trim ( c-addr u -- c-addr' u' )       \ without the blanks around it
  begin dup while over c@ blank? while 1 /string repeat then
  begin dup while 2dup + 1- c@ blank? while 1- repeat then ;
: lower ( c-addr u -- )                 \ upper-case letters to lower case, in place
  bounds ?do i c@ dup [char] A [char] Z 1+ within if 32 + then i c! loop ;

: separator? ( char -- flag ) dup blank? over [char] - = or swap [char] = = or ;
: squeeze ( c-addr u -- c-addr u' )     \ without separators inside: e2-e4 -> e2e4
  over 0 2swap bounds ?do
    i c@ separator? 0= if i c@ 2 pick 2 pick + c! 1+ then
  loop ;

: read-answer ( -- c-addr u more? )     \ more? is false at the end of input (Ctrl-D)
  answer 80 stdin read-line throw  over #typed !  answer typed 80 move
  answer rot  2dup lower  trim rot ;

: is? ( c-addr u c-addr2 u2 -- c-addr u flag ) 2over str= ;
: quit-word? ( c-addr u -- flag ) s" q" is? >r s" quit" is? r> or nip nip ;
: moves-word? ( c-addr u -- flag ) s" ?" is? >r s" moves" is? r> or nip nip ;

: level-word? ( c-addr u -- flag )   \ "level", alone or before a blank
  dup 5 < if 2drop false exit then
  over 5 s" level" str= 0= if 2drop false exit then
  dup 5 = if 2drop true exit then  drop 5 + c@ blank? ;
: level-answer? ( c-addr u -- flag )  \ "level N" typed at the prompt sets the level
  2dup level-word? 0= if 2drop false exit then
  5 /string trim >level 0= if
    ." The levels are 1 (easiest) to 5 (strongest), like: level 2" cr true exit
  then
  dup level ." The computer plays at level " 0 .r ." ." cr true ;
: ask-again? ( c-addr u -- flag )  \ an empty line, or a new level: ask again
  dup 0= if 2drop true exit then  level-answer? ;

: ask-answer ( xt -- c-addr u true | false )  \ xt shows the prompt; false: stop
  begin
    dup execute read-answer 0= if 2drop drop cr false exit then  \ Ctrl-D: a new line
    2dup ask-again?
  while 2drop repeat
  rot drop  2dup quit-word? if 2drop false else true then ;

\ ---- lists of moves ---------------------------------------------------------
\ ? lists every legal move, wrapped at the terminal's width (form gives
\ it; 80 columns into a pipe or a file) and never inside a move: a game
\ says how wide each move is before it prints it.

variable column                 \ the output's column while a list is printed (0: none yet)
: list-head ( c-addr u -- ) tuck type column ! ;
: list-end ( -- ) cr  0 column ! ;
: room ( width -- )             \ a blank before the next item, or a new line if it would not fit
  column @ 0= if column ! exit then
  dup 1+ column @ +  form nip < if 1+ column +! space exit then
  2 + column !  cr 2 spaces ;   \ the next lines indented by two

\ Ctrl-C throws -28 wherever the game is (at the prompt or thinking):
\ catching it here ends the game like q does.
-28 constant interrupted
: ctrl-c-stops ( xt -- stopped? )       \ run xt; true if Ctrl-C ended it
  catch dup interrupted = if drop true exit then  throw false ;

\ ---- stopping -------------------------------------------------------------
\ q, quit, Ctrl-D and Ctrl-C end every board game the same way: Stopped.
\ on a line of its own, the position as it stands, and one line saying
\ the game is unfinished. No "to move" line: nobody is to move any more.

: run-turns ( xt -- stopped? )  \ xt ( -- stopped? ) plays the game's turns
  ctrl-c-stops if cr true then ;  \ Ctrl-C: the flag xt left is gone, true instead
: .stopped ( -- ) ." Stopped." cr ;
: .unfinished ( moves -- )      \ the last line of a stopped game
  ." Unfinished after " dup 0 .r ."  move" 1 <> if ." s" then ." ." cr ;

\ The demos pause between moves when someone watches at a terminal.
variable pause-ms  600 pause-ms !
: pause ( -- ) terminal? if pause-ms @ ms then ;

\ ---- colour ---------------------------------------------------------------
\ On a terminal that wants colours (pretty?: not in a pipe, not with
\ NO_COLOR or --plain) the boards use colour and Unicode; elsewhere they
\ stay in plain ASCII, so what a test or a file sees never changes.
\ A colour is an ANSI SGR code: 31 red, 34 blue, 42 green background ...

: paint ( sgr -- )              \ switch to a colour, on a pretty terminal
  pretty? if 27 emit [char] [ emit 0 .r [char] m emit else drop then ;
: unpaint ( -- ) 0 paint ;      \ back to the terminal's own colours
: painted ( c-addr u sgr -- )   \ type a string in a colour
  paint type unpaint ;
