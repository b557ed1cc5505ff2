\ playforth's game words in portable Forth, so the example games also run
\ under gforth 0.7.3:
\
\   gforth examples/lib/gforth.fs examples/othello.fs -e "play bye"
\
\ Under gforth the games only load (SCRIPT? is false): type the game's
\ start word (play, demo, rps, team) to play. The words keep playforth's
\ stack effects; playforth's own are written in Rust and faster. The
\ random numbers differ (this generator is xorshift64). playforth compiles
\ this file in: `see flip` shows flip's definition here, with its helpers.

\ ---- randomness --------------------------------------------------------

variable rng-state  88172645463325252 rng-state !

: random ( -- u )               \ xorshift64
  rng-state @  dup 13 lshift xor  dup 7 rshift xor  dup 17 lshift xor
  dup rng-state ! ;
: choose ( u -- 0..u-1 ) random um* nip ;
: randomize ( u -- ) ?dup 0= if 1 then rng-state ! ;

\ ---- rock-paper-scissors ----------------------------------------------

1 constant Stone
2 constant Cloth
3 constant Scissor

: beats? ( s1 s2 -- flag )      \ Stone > Scissor > Cloth > Stone
  2dup Scissor = swap Stone = and >r
  2dup Cloth = swap Scissor = and >r
  Stone = swap Cloth = and  r> or r> or ;

: compete ( s1 s2 -- winner draw? )
  2dup = if drop true exit then
  2dup beats? if drop else nip then false ;

\ ---- Othello ------------------------------------------------------------

create drows -1 , -1 , -1 ,  0 , 0 ,  1 , 1 , 1 ,
create dcols -1 ,  0 ,  1 , -1 , 1 , -1 , 0 , 1 ,

variable the-board  variable the-color  variable the-square
variable dr  variable dc  variable row  variable col  variable run#

: direction ( i -- dr dc ) cells dup drows + @ swap dcols + @ ;
: from-square ( dr dc -- ) dc ! dr !  the-square @ 8 /mod row ! col ! ;
: step ( -- ) dr @ row +!  dc @ col +! ;
: inside? ( -- flag ) row @ 8 u< col @ 8 u< and ;
: cell-here ( -- addr ) row @ 8 * col @ + the-board @ + ;
: opponent ( -- color ) 3 the-color @ - ;

: run ( dr dc -- n )            \ opponent discs bracketed in one direction
  from-square 0 run# !  step
  begin inside? if cell-here c@ opponent = else false then
  while 1 run# +! step repeat
  inside? if cell-here c@ the-color @ = else false then  run# @ and ;

: turn ( dr dc n -- )           \ flip n discs in one direction
  >r from-square r> 0 ?do step the-color @ cell-here c! loop ;

: start-at ( board sq color -- ) the-color ! the-square ! the-board ! ;
: occupied? ( -- flag ) the-board @ the-square @ + c@ 0<> ;

: flips ( board sq color -- n )
  start-at occupied? if 0 exit then
  0 8 0 do i direction run + loop ;

: flip ( board sq color -- n )
  start-at occupied? if 0 exit then
  0 8 0 do
    i direction 2dup run ?dup if dup >r turn r> + else 2drop then
  loop
  dup if the-color @ the-board @ the-square @ + c! then ;

: legal-moves ( board color -- mask )
  0 64 0 do  2 pick i 3 pick flips if 1 i lshift or then  loop nip nip ;

: lowest-bit ( x -- n )
  dup 0= if drop -1 exit then
  0 swap begin dup 1 and 0= while 1 rshift swap 1+ swap repeat drop ;

: bit-count ( x -- n ) 0 swap begin ?dup while dup 1- and swap 1+ swap repeat ;

\ ---- Jungle ---------------------------------------------------------------

create eat-masks $81 , $03 , $07 , $0F , $1F , $3F , $7F , $FE ,
: eats ( rank -- mask ) cells eat-masks + @ ;
: capture? ( attacker defender -- flag ) swap eats swap rshift 1 and 0<> ;

\ ---- 0x88 chess ----------------------------------------------------------

: on-board? ( sq -- flag ) dup $88 and 0= swap 128 u< and ;
: >0x88 ( sq64 -- sq ) 8 /mod 16 * + ;
: 0x88> ( sq -- sq64 ) 16 /mod 8 * + ;

create kinds 239 allot  kinds 239 erase
create steps 239 cells allot  steps 239 cells erase
: kind! ( delta kind -- ) swap $77 + kinds + tuck c@ or swap c! ;
: slide ( step kind -- )        \ a slider: every distance along step
  8 1 do  over i *  dup $77 + cells steps + 3 pick swap !  over kind!  loop 2drop ;
1 4 slide  -1 4 slide  16 4 slide  -16 4 slide
15 2 slide  17 2 slide  -15 2 slide  -17 2 slide
1 8 kind!  -1 8 kind!  16 8 kind!  -16 8 kind!  15 8 kind!  17 8 kind!  -15 8 kind!  -17 8 kind!
14 1 kind!  18 1 kind!  31 1 kind!  33 1 kind!  -14 1 kind!  -18 1 kind!  -31 1 kind!  -33 1 kind!
15 16 kind!  17 16 kind!  -15 32 kind!  -17 32 kind!
: attack-kinds ( from to -- mask ) swap - $77 + kinds + c@ ;
: attack-step ( from to -- step ) swap - $77 + cells steps + @ ;

\ ---- the five-step game ------------------------------------------------------

variable fs-board  variable fs-me  variable fs-target  variable fs-count  variable fs-mask
create fs-path 6 cells allot   variable fs-len         \ the path being walked
create fs-best 6 cells allot   variable fs-best-len    \ the shortest path to the target

: fs-last ( -- sq ) fs-path fs-len @ 1- cells + @ ;
: fs-push ( sq -- ) fs-path fs-len @ cells + !  1 fs-len +! ;
: fs-pop ( -- ) -1 fs-len +! ;
: fs-visited? ( sq -- flag ) false fs-len @ 0 ?do over fs-path i cells + @ = or loop nip ;
: fs-next ( sq dir -- sq' | -1 ) \ right, down, left, up
  over 5 mod swap  ( sq x dir )
  dup 0 = if drop 4 < if 1+ else drop -1 then exit then
  dup 1 = if 2drop dup 20 < if 5 + else drop -1 then exit then
  dup 2 = if drop 0 > if 1- else drop -1 then exit then
  2drop dup 4 > if 5 - else drop -1 then ;
: fs-found ( -- )               \ the path ends legally at fs-last
  1 fs-last lshift fs-mask @ or fs-mask !
  fs-last fs-target @ = if
    1 fs-count +!
    fs-best-len @ 0= fs-len @ fs-best-len @ < or if
      fs-path fs-best fs-len @ cells move  fs-len @ fs-best-len !
    then
  then ;
: fs-walk ( -- )                \ extend the path every legal way
  4 0 do
    fs-last i fs-next
    dup 0< if drop else dup fs-visited? if drop else
      dup fs-board @ + c@ ?dup 0= if
        fs-push fs-found  fs-len @ 6 < if recurse then  fs-pop
      else
        fs-me @ <> fs-len @ 5 = and if fs-push fs-found fs-pop else drop then
      then
    then then
  loop ;
: fs-search ( board from to -- ) \ walk all paths of the piece on from
  fs-target !  swap fs-board !  0 fs-count !  0 fs-mask !  0 fs-best-len !  0 fs-len !
  dup fs-board @ + c@ dup fs-me !  if fs-push fs-walk else drop then ;

: reach ( board sq -- mask ) -1 fs-search fs-mask @ ;
: path-count ( board from to -- n ) fs-search fs-count @ ;
: path ( board from to addr -- n )
  >r fs-search fs-best-len @ dup if fs-best r@ 2 pick cells move 1- then r> drop ;

\ ---- scripts --------------------------------------------------------------

: script? ( -- flag ) false ;
: terminal? ( -- flag ) false ;   \ demos do not pause under gforth
: pretty? ( -- flag ) false ;     \ boards in plain ASCII under gforth

\ ---- board pictures --------------------------------------------------------
\ playforth describes each position for a page that draws it beside the
\ REPL (playforth serve). gforth has no page: the words take their
\ arguments and do nothing.

: picture ( files ranks c-addr u -- ) 2drop 2drop ;
: picture-ranks-down ( -- ) ;
: picture-piece ( sq side c-addr u -- ) 2drop 2drop ;
: picture-ground ( sq c-addr u -- ) drop 2drop ;
: picture-move ( from to c-addr u -- ) 2drop 2drop ;
: picture-last ( from to -- ) 2drop ;
: picture-choice ( c-addr1 u1 c-addr2 u2 -- ) 2drop 2drop ;
: picture-caption ( c-addr u -- ) 2drop ;
: show-picture ( -- ) ;
