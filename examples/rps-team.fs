\ Rock-paper-scissors for five: you and DR.K, DR.J, DR.L, DR.M, in
\ elimination rounds until one player is left.
\
\   playforth examples/rps-team.fs     play: press 1 Stone, 2 Cloth, 3 Scissor, 0 or q to stop, ? the keys
\   playforth examples/rps-team.fs demo      watch: your signs are chosen at random
\   include examples/rps-team.fs       only load it, then try:  new-game .players
\
\ A round is a draw when everybody shows the same sign, or when all three
\ signs appear; otherwise exactly two signs are shown, and everyone who
\ showed the losing one is out.

5 constant #players
create names ," YOU  DR.K DR.J DR.L DR.M "   \ five names, five characters each
create signs  #players allot                \ this round's sign of each player
create out?   #players allot                \ true once a player is out

: name ( i -- c-addr u ) 5 * names 1+ + 5 ;
: sign-of ( i -- addr ) signs + ;
: playing? ( i -- flag ) out? + c@ 0= ;
: knock-out ( i -- ) out? + true swap c! ;

: .sign ( sign -- )
  case Stone of ." Stone  " endof  Cloth of ." Cloth  " endof  Scissor of ." Scissor" endof endcase ;

: new-game ( -- ) out? #players erase  signs #players erase ;
: players-left ( -- n ) 0 #players 0 do i playing? - loop ;

: get-key ( -- char )          \ Ctrl-C, Ctrl-D and the end of input stop, as q does
  ['] key catch ?dup if dup -28 = over -39 = or 0= if throw then drop [char] q exit then
  dup 4 = if drop [char] q then ;

: stop-key? ( char -- flag ) dup [char] q = over [char] Q = or swap [char] 0 = or ;
: .keys ( -- ) ." Press 1 Stone, 2 Cloth, 3 Scissor, 0 or q to stop, ? to see this again." cr ;
: .choice ( -- ) ." Your choice (? for the keys)? " ;
: help-key? ( char -- flag )   \ ? asks for the keys: say them, then ask again
  [char] ? = dup if [char] ? emit cr .keys .choice then ;

variable watching              \ true in the demo: your signs are chosen for you

\ playforth serve draws a picture of the game beside the REPL: no board,
\ but the hands to click, each typing its key (the terminal shows nothing).
: publish ( ask? -- )          \ ask?: the hands may be clicked
  0 0 s" rps-team" picture
  if s" Your choice" picture-caption
     s" Stone" s" 1" picture-choice  s" Cloth" s" 2" picture-choice
     s" Scissor" s" 3" picture-choice  s" Stop" s" q" picture-choice
  else s" Game over" picture-caption then
  show-picture ;

: typed-sign ( -- sign )       \ 0 means stop
  true publish  .choice
  begin get-key dup stop-key? if drop [char] 0 then
        dup help-key? drop
        dup [char] 0 [char] 4 within 0= while drop repeat
  dup [char] 0 = if ." stop" else dup emit then cr  [char] 0 - ;
: chosen-sign ( -- sign )      \ in the demo: at random, nothing to type
  ." Your sign (chosen for you): " 3 choose 1+ dup 0 .r cr ;
: your-sign ( -- sign ) watching @ if chosen-sign else typed-sign then ;

: throw-signs ( -- )           \ the other players still in show a sign
  #players 1 do
    i playing? if 3 choose 1+ i sign-of c! then
  loop ;

: shown? ( sign -- flag )      \ did any player still in the game show it?
  false #players 0 do  i playing? if over i sign-of c@ = or then  loop nip ;

: kinds ( -- n ) 0  Stone shown? -  Cloth shown? -  Scissor shown? - ;

: losing-sign ( -- sign )      \ with exactly two signs shown: the one that loses
  Stone shown? 0= if Cloth Scissor else Cloth shown? 0= if Stone Scissor else Stone Cloth then then
  2dup compete drop  over = if drop else nip then ;

: eliminate ( -- )             \ knock out everyone who showed the losing sign
  ."   Out:" losing-sign  #players 0 do
    i playing? if i sign-of c@ over = if space i name -trailing type  i knock-out then then
  loop drop ;

: .players ( -- )
  #players 0 do i name type ." : " i playing? if i sign-of c@ .sign else ." out    " then 3 spaces loop cr ;

: round ( n -- more? )        \ false when you stop
  cr ." == Round " . ." ==" cr
  0 playing? if your-sign ?dup 0= if false exit then  0 sign-of c! then
  throw-signs .players
  kinds 2 = if eliminate else ."   A draw: nobody is out." then cr true ;

: .winner ( -- )
  #players 0 do i playing? if ." The winner is " i name -trailing type ." !" cr then loop ;

: .still-in ( -- )
  ." Still in:" #players 0 do i playing? if space i name -trailing type then loop cr ;

: pause ( -- ) terminal? if 600 ms then ;   \ only someone at a terminal watches

: rounds ( -- )                \ until one player is left, or you stop
  0 begin players-left 1 > while
    1+ dup round 0= if drop cr ." You stopped the game. " .still-in exit then
    watching @ if pause then
  repeat drop
  cr .winner ;

: .rules ( -- )
  ." You, DR.K, DR.J, DR.L and DR.M each show a sign every round. Stone blunts" cr
  ." Scissor, Scissor cuts Cloth, Cloth wraps Stone. When exactly two signs are" cr
  ." shown, everyone who showed the losing one is out; when all show the same" cr
  ." sign, or all three signs appear, the round is a draw. Rounds go on until" cr
  ." one player is left: the winner." cr ;

: team ( -- )
  cr ." == Stone - Cloth - Scissor for five ==" cr
  .rules .keys
  new-game  watching off  rounds  false publish ;

\ Ctrl-C throws -28 wherever the demo is (mostly in pause's ms):
\ catching it stops the demo, which still says who is in.
-28 constant interrupted
: ctrl-c-stops ( xt -- stopped? )       \ run xt; true if Ctrl-C ended it
  catch dup interrupted = if drop true exit then  throw false ;

: demo ( -- )                  \ the same game, your signs chosen at random
  cr ." == Stone - Cloth - Scissor for five: a demo ==" cr
  .rules
  new-game  watching on
  ['] rounds ctrl-c-stops if cr ." Stopped. " .still-in then ;

: not-demo ( c-addr u -- )     \ say so on stderr, with the usage, and exit with status 2
  s" examples/rps-team.fs: '" stderr write-file drop  stderr write-file drop
  s" ' is not demo; usage: playforth examples/rps-team.fs [demo]" stderr write-line drop
  2 (bye) ;
: demo? ( -- flag )             \ the command line: nothing, or demo
  next-arg  dup 0= if 2drop false exit then
  2dup s" demo" str= if 2drop true exit then
  not-demo false ;
script? [if] demo? [if] demo [else] team [then] [then]
