\ Rock-paper-scissors: you against DR.K, with running statistics.
\
\   playforth examples/rps.fs        play: press 1 Stone, 2 Cloth, 3 Scissor, 0 or q to stop, ? the keys
\   playforth examples/rps.fs demo   watch ten rounds played for you
\   include examples/rps.fs          only load it, then try:  Stone Cloth .winner
\
\ The built-in words do the rules: Stone Cloth Scissor (1 2 3), and
\ compete ( s1 s2 -- winner draw? ). choose ( u -- 0..u-1 ) is DR.K's luck.

: sign-name ( sign -- c-addr u )
  case Stone of s" Stone" endof  Cloth of s" Cloth" endof  Scissor of s" Scissor" endof
  s" ?" rot endcase ;
: .sign ( sign -- ) sign-name type ;
: .sign-column ( sign -- ) sign-name tuck type  7 swap - spaces ;  \ as wide as Scissor

: .winner ( s1 s2 -- )         \ say what two signs give
  compete if ." a draw with " .sign else .sign ."  wins" then ;

variable your-wins
variable drk-wins
variable rounds

: clear-stats ( -- ) your-wins off  drk-wins off  rounds off ;

: .count ( n -- ) space 0 .r ;  \ a count after its label: "Rounds: 10"
: .stats ( -- )
  ." YOU:" your-wins @ .count  ."   DR.K:" drk-wins @ .count
  ."   Draws:" rounds @ your-wins @ - drk-wins @ - .count
  ."   Rounds:" rounds @ .count ;

: get-key ( -- char )          \ Ctrl-C, Ctrl-D and the end of input stop, as q does
  ['] key catch ?dup if dup -28 = over -39 = or 0= if throw then drop [char] q exit then
  dup 4 = if drop [char] q then ;

: stop-key? ( char -- flag ) dup [char] q = over [char] Q = or swap [char] 0 = or ;
: .keys ( -- ) ." Press 1 Stone, 2 Cloth, 3 Scissor, 0 or q to stop, ? to see this again." cr ;
: .choice ( -- ) ." Your choice (? for the keys)? " ;
: help-key? ( char -- flag )   \ ? asks for the keys: say them, then ask again
  [char] ? = dup if [char] ? emit cr .keys .choice then ;

\ playforth serve draws a picture of the game beside the REPL: no board,
\ but the hands to click, each typing its key (the terminal shows nothing).
: publish ( ask? -- )          \ ask?: the hands may be clicked
  0 0 s" rps" picture
  if s" Your choice" picture-caption
     s" Stone" s" 1" picture-choice  s" Cloth" s" 2" picture-choice
     s" Scissor" s" 3" picture-choice  s" Stop" s" q" picture-choice
  else s" Game over" picture-caption then
  show-picture ;

: your-sign ( -- sign )        \ 0 means stop
  true publish  .choice
  begin get-key dup stop-key? if drop [char] 0 then
        dup help-key? drop
        dup [char] 0 [char] 4 within 0= while drop repeat
  dup [char] 0 = if ." stop" else dup emit then cr  [char] 0 - ;

: dr.k ( -- sign ) 3 choose 1+ ;

: score ( you drk -- )         \ count the round and say who won
  over >r  compete  1 rounds +!
  if  drop r> drop ."   -> a draw      "
  else r> = if 1 your-wins +! ."   -> YOU win     " else 1 drk-wins +! ."   -> DR.K wins   " then
  then ;

: round ( you -- )
  dr.k  ."   YOU " over .sign-column ."    DR.K " dup .sign-column  score ;

: rps ( -- )
  cr ." == Stone - Cloth - Scissor ==" cr
  ." You against DR.K. Stone blunts Scissor, Scissor cuts Cloth, Cloth wraps Stone." cr
  .keys cr
  clear-stats
  begin your-sign ?dup while round .stats cr cr repeat
  false publish  ." Thanks for playing!  " .stats cr ;

: pause ( -- ) terminal? if 600 ms then ;   \ only someone at a terminal watches

\ Ctrl-C throws -28 wherever the demo is (mostly in pause's ms):
\ catching it stops the demo, and the statistics still show.
-28 constant interrupted
: ctrl-c-stops ( xt -- stopped? )       \ run xt; true if Ctrl-C ended it
  catch dup interrupted = if drop true exit then  throw false ;

: demo-round ( -- )            \ your sign chosen at random
  ." Your sign (chosen for you): " 3 choose 1+ dup 0 .r cr  round .stats cr cr ;
: demo-rounds ( -- ) 10 0 do demo-round pause loop ;

: demo ( -- )                  \ ten rounds, your signs chosen at random
  cr ." == Stone - Cloth - Scissor: a demo of ten rounds ==" cr cr
  clear-stats
  ['] demo-rounds ctrl-c-stops if cr ." Stopped." cr then
  ." Thanks for watching!  " .stats cr ;

: not-demo ( c-addr u -- )     \ say so on stderr, with the usage, and exit with status 2
  s" examples/rps.fs: '" stderr write-file drop  stderr write-file drop
  s" ' is not demo; usage: playforth examples/rps.fs [demo]" stderr write-line drop
  2 (bye) ;
: demo? ( -- flag )             \ the command line: nothing, or demo
  next-arg  dup 0= if 2drop false exit then
  2dup s" demo" str= if 2drop true exit then
  not-demo false ;
script? [if] demo? [if] demo [else] rps [then] [then]
