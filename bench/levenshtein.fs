\ levenshtein.fs -- edit distances between short words, written the way
\ programs found on the web write it: the pair being compared kept on the
\ return stack with 2>R 2R@ 2R>, one row of the table in an array, the
\ first word walked with /STRING, the words kept as counted strings (COUNT,
\ CMOVE), COMPARE to skip equal words, +! for the totals, locals in the
\ inner loop.
\
\ Runs unmodified under gforth 0.7.3 and playforth, like gforth's siev.fs:
\   gforth bench/levenshtein.fs -e "main bye"
\   target/release/playforth -e "include bench/levenshtein.fs main bye"
\ MAIN prints one line: the sum of every word's distance to its nearest
\ other word, the largest of those, and a checksum; both systems agree.

decimal

\ ---- pseudo-random numbers (an LCG that never overflows a 64-bit cell) ----
variable seed
: random ( -- u )  seed @ 1103515245 * 12345 + $7FFFFFFF and  dup seed ! ;
: choose ( n -- 0..n-1 )  random 16 rshift swap mod ;

\ ---- the words: counted strings of 4 to 13 letters from "acgt" ----
16 constant max-len
320 constant #words
create lexicon  #words max-len 1+ * chars allot
: word# ( n -- c-addr )  max-len 1+ * chars lexicon + ;
create spare  max-len chars allot
: letters ( u -- )  \ u random letters into spare
  0 ?do  s" acgt" drop 4 choose chars + c@  spare i chars + c!  loop ;
: make-word ( n -- )
  10 choose 4 +  dup letters            ( n u )
  swap word#  2dup c!                    ( u c-addr )
  char+ spare swap rot cmove ;

\ ---- one row of the distance table ----
create row  max-len 1+ cells allot
: row@ ( j -- n )  cells row + @ ;
: row! ( n j -- )  cells row + ! ;
: first-row ( u -- )  1+ 0 do  i i row!  loop ;

\ The cell below-right of diag, from the cells above and left of it.
: edit-cell ( diag above left cost -- n )  2>r  1+ swap r> + min  r> 1+ min ;

\ The row for character c, the n-th of the first word.
: next-row { c n a2 u2 -- }
  0 row@  n 0 row!                      ( diag )
  u2 0 ?do
    i 1+ row@ swap                      ( above diag )
    over  i row@  a2 i chars + c@ c <> 1 and  edit-cell
    i 1+ row!                           ( above: the next diag )
  loop drop ;

: distance ( c-addr1 u1 c-addr2 u2 -- n )
  2over 2over compare 0= if  2drop 2drop 0 exit  then
  dup first-row  2>r  1 -rot            ( i c-addr1 u1 ) ( R: c-addr2 u2 )
  begin  dup  while
    over c@  3 pick  2r@ next-row
    1 /string  rot 1+ -rot
  repeat  2drop drop  2r> nip row@ ;

\ ---- every word's nearest neighbour ----
: nearest ( n -- d )  \ the smallest distance from word n to another
  dup word# count 2>r  max-len swap     ( best n ) ( R: c-addr u )
  0 begin  dup #words <  while
    2dup <> if
      dup word# count 2r@ distance      ( best n k d )
      >r rot r> min -rot
    then  1+
  repeat  2drop  2r> 2drop ;

variable total  variable worst  variable sum
: main ( -- )
  12345 seed !  0 total !  0 worst !  0 sum !
  #words 0 do  i make-word  loop
  #words 0 do
    i nearest  dup total +!  worst @ max worst !
    i word# count 0 do  dup i chars + c@ sum +!  loop drop
  loop
  total @ .  worst @ .  sum @ . cr ;
