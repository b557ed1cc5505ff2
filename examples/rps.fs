\ Rock-paper-scissors: you against DR.K, with running statistics.
\
\   playforth examples/rps.fs        play: press 1 Stone, 2 Cloth, 3 Scissor, 0 to stop
\   include examples/rps.fs          only load it, then try:  Stone Cloth .winner
\
\ The built-in words do the rules: Stone Cloth Scissor (1 2 3), and
\ compete ( s1 s2 -- winner draw? ). choose ( u -- 0..u-1 ) is DR.K's luck.

: .sign ( sign -- )
  case Stone of ." Stone  " endof  Cloth of ." Cloth  " endof  Scissor of ." Scissor" endof
  ." ?      " endcase ;

: .winner ( s1 s2 -- )         \ say what two signs give
  compete if ." a draw with " .sign else .sign ."  wins" then ;

variable your-wins
variable drk-wins
variable rounds

: clear-stats ( -- ) your-wins off  drk-wins off  rounds off ;

: .stats ( -- )
  ." YOU:" your-wins @ 2 .r  ."   DR.K:" drk-wins @ 2 .r
  ."   Draws:" rounds @ your-wins @ - drk-wins @ - 2 .r
  ."   Rounds:" rounds @ 2 .r ;

: your-sign ( -- sign )        \ 0 means stop
  ." Your choice? "
  begin key dup [char] 0 [char] 4 within 0= while drop repeat
  dup emit cr  [char] 0 - ;

: dr.k ( -- sign ) 3 choose 1+ ;

: score ( you drk -- )         \ count the round and say who won
  over >r  compete  1 rounds +!
  if  drop r> drop ."   -> a draw      "
  else r> = if 1 your-wins +! ."   -> YOU win     " else 1 drk-wins +! ."   -> DR.K wins   " then
  then ;

: round ( you -- )
  dr.k  ."   YOU " over .sign ."    DR.K " dup .sign  score ;

: rps ( -- )
  cr ." == Stone - Cloth - Scissor ==" cr
  ." You against DR.K. Press 1 Stone, 2 Cloth, 3 Scissor, 0 to stop." cr cr
  clear-stats
  begin your-sign ?dup while round .stats cr cr repeat
  ." Thanks for playing!  " .stats cr ;

script? [if] rps [then]
