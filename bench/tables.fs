\ tables.fs -- table-driven code built with CREATE ... DOES>, the way
\ programs found on the web write it: defining words for byte and cell
\ tables whose children index themselves, a character-class table that
\ drives a little scanner (a state machine whose transitions are another
\ table), a CRC-32 table filled at load time and used byte by byte, and
\ a jump table of execution tokens picked by a computed index.
\
\ Runs unmodified under gforth 0.7.3 and playforth, like gforth's siev.fs:
\   gforth bench/tables.fs -e "main bye"
\   target/release/playforth -e "include bench/tables.fs main bye"
\ MAIN prints one line: the scanner's counts, the CRC and a checksum of
\ the jump-table run; both systems must agree.

decimal

\ ---- defining words: tables that index themselves ----
: byte-table ( n "name" -- )  create  allot  does> ( i -- c-addr )  + ;
: cell-table ( n "name" -- )  create  cells allot  does> ( i -- addr )  swap cells + ;

\ ---- pseudo-random text (an LCG that never overflows a 64-bit cell) ----
variable seed
: random ( -- u )  seed @ 1103515245 * 12345 + $7FFFFFFF and  dup seed ! ;
: choose ( n -- 0..n-1 )  random 16 rshift swap mod ;

4096 constant #text
create text  #text chars allot
: alphabet ( -- c-addr u )  s" the quick brown fox 12 jumps, over 345 lazy dogs. (x+y)*7 = z;  " ;
: make-text ( -- )
  #text 0 do  alphabet  choose  chars + c@  text i chars + c!  loop ;

\ ---- character classes, and the scanner's transitions ----
0 constant other   1 constant letter   2 constant digit   3 constant gap
4 constant punct
256 byte-table class
: classes ( -- )
  256 0 do  other i class c!  loop
  [char] z 1+ [char] a do  letter i class c!  loop
  [char] Z 1+ [char] A do  letter i class c!  loop
  [char] 9 1+ [char] 0 do  digit i class c!  loop
  bl class  gap swap c!
  s" .,;:()+-*/=" 0 do  dup i + c@ class  punct swap c!  loop drop ;

\ state: 0 between tokens, 1 in a word, 2 in a number
3 5 * cell-table next-state
3 5 * cell-table action        \ 0 nothing, 1 a word ends, 2 a number ends, 3 punctuation
: edge ( to act from class -- )  swap 5 * +  tuck action !  next-state ! ;
: transitions ( -- )
  15 0 do  0 i next-state !  0 i action !  loop
  3 0 do
    1 0 i letter edge   2 0 i digit edge   0 0 i gap edge
    0 3 i punct edge    0 0 i other edge
  loop
  \ leaving a word or a number ends it
  1 0 1 letter edge   1 0 1 digit edge    0 1 1 gap edge
  0 1 1 other edge    0 1 1 punct edge
  2 0 2 digit edge    1 2 2 letter edge   0 2 2 gap edge
  0 2 2 other edge    0 2 2 punct edge ;

5 cell-table counts
: count! ( act -- )  ?dup if  counts 1 swap +!  then ;
: tokens ( c-addr u -- )
  0 -rot  0 ?do                         ( state c-addr )
    dup i chars + c@ class c@           ( state c-addr cls )
    rot 5 * +                           ( c-addr k )
    dup action @ count!  next-state @ swap
  loop  drop  drop ;

\ ---- CRC-32, table driven ----
256 cell-table crc-table
: crc-entry ( n -- u )
  8 0 do  dup 1 and if  1 rshift $EDB88320 xor  else  1 rshift  then  loop ;
: fill-crc ( -- )  256 0 do  i crc-entry  i crc-table !  loop ;
: crc32 ( c-addr u -- u )
  $FFFFFFFF -rot  0 ?do                 ( crc c-addr )
    swap over i chars + c@ over xor $FF and crc-table @ swap 8 rshift xor swap
  loop  drop  $FFFFFFFF xor ;

\ ---- a jump table of execution tokens ----
variable acc
: op-add ( n -- )  acc +! ;
: op-sub ( n -- )  negate acc +! ;
: op-mul ( n -- )  acc @ * $FFFFFF and acc ! ;
: op-xor ( n -- )  acc @ xor acc ! ;
4 cell-table ops
: fill-ops ( -- )
  ['] op-add 0 ops !  ['] op-sub 1 ops !  ['] op-mul 2 ops !  ['] op-xor 3 ops ! ;
: run-ops ( c-addr u -- )
  0 ?do  dup i chars + c@  dup 3 and ops @ execute  loop drop ;

variable crc-sum
: main ( -- )
  12345 seed !  make-text  classes transitions fill-crc fill-ops
  5 0 do  0 i counts !  loop  0 crc-sum !  1 acc !
  600 0 do
    text #text tokens
    text #text crc32 crc-sum +!
    text #text run-ops
  loop
  1 counts @ .  2 counts @ .  3 counts @ .
  crc-sum @ $FFFFFFFF and .  acc @ . cr ;
