\ What the board games (othello, chess, jungle, fivestep) share for
\ playing: the move prompt, Ctrl-C and the demo's pauses (their search is
\ in search.fs). A game includes it with
\   require ./lib/play.fs        (found beside the game's file)
\
\ The prompt reads one answer a line, forgiving about case and blanks. An
\ empty line asks again; q, quit, Ctrl-D (the end of input) and Ctrl-C all
\ stop the game without an error, so the game can show the final position.

create answer 80 allot          \ the line the player typed

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
  answer 80 stdin read-line throw  answer rot  2dup lower  trim rot ;

: is? ( c-addr u c-addr2 u2 -- c-addr u flag ) 2over str= ;
: quit-word? ( c-addr u -- flag ) s" q" is? >r s" quit" is? r> or nip nip ;
: moves-word? ( c-addr u -- flag ) s" ?" is? >r s" moves" is? r> or nip nip ;

: ask-answer ( xt -- c-addr u true | false )  \ xt shows the prompt; false: stop
  begin
    dup execute read-answer 0= if 2drop drop false exit then
    dup 0=
  while 2drop repeat
  rot drop  2dup quit-word? if 2drop false else true then ;

\ Ctrl-C throws -28 wherever the game is (at the prompt or thinking):
\ catching it here ends the game like q does.
-28 constant interrupted
: ctrl-c-stops ( xt -- stopped? )       \ run xt; true if Ctrl-C ended it
  catch dup interrupted = if drop true exit then  throw false ;

\ The demos pause between moves when someone watches at a terminal.
variable pause-ms  600 pause-ms !
: pause ( -- ) terminal? if pause-ms @ ms then ;
