\ playforth's game words in portable Forth, so the example games also run
\ under gforth 0.7.3:
\
\   gforth examples/lib/gforth.fs examples/othello.fs -e "play bye"
\
\ Under gforth the games only load (SCRIPT? is false): type the game's
\ start word (play, demo, rps, team) to play. The words keep playforth's
\ stack effects; playforth's own are written in Rust and faster. The
\ random numbers differ (this generator is xorshift64).

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

\ ---- scripts --------------------------------------------------------------

: script? ( -- flag ) false ;
