\ strings.fs -- string building and searching, written the way a learner
\ writes it: a text buffer grown with CMOVE, C! and +!, words picked from
\ a table of counted strings, counting with SEARCH and with COMPARE,
\ reversing in place, numbers turned into text with <# # #S HOLD SIGN #>.
\
\ Runs unmodified under gforth 0.7.3 and playforth, like gforth's siev.fs:
\   gforth bench/strings.fs -e "main bye"
\   target/release/playforth -e "include bench/strings.fs main bye"
\ MAIN prints one line of counts and a checksum; both systems must agree.

decimal

\ ---- pseudo-random numbers (an LCG that never overflows a 64-bit cell) ----
variable seed
: random ( -- u )  seed @ 1103515245 * 12345 + $7FFFFFFF and  dup seed ! ;
: choose ( n -- 0..n-1 )  random 16 rshift swap mod ;

\ ---- a checksum over characters ----
variable sum
: mix ( u -- )  sum @ 31 * + $FFFFFF and  sum ! ;
: mix-string ( c-addr u -- )  over + swap ?do  i c@ mix  loop ;

\ ---- a vocabulary: counted strings one after another ----
: w, ( c-addr u -- )  dup c,  here swap chars dup allot move ;
create vocab
  s" forth" w,  s" stack" w,  s" the" w,    s" word" w,
  s" dup" w,    s" other" w,  s" swap" w,   s" then" w,
  s" loop" w,   s" theory" w, s" over" w,   s" rot" w,
12 constant #vocab
: nth-word ( n -- c-addr u )  vocab swap 0 ?do  count +  loop count ;

\ ---- the text buffer ----
131072 constant text-max
create text  text-max chars allot
variable text-len
: text-end ( -- addr )  text text-len @ chars + ;
: add-text ( c-addr u -- )
  dup text-len @ + text-max > abort" text buffer full"
  tuck text-end swap cmove  text-len +! ;
: add-char ( c -- )  text-end c!  1 text-len +! ;
: build-text ( n -- )  \ n random words, each followed by a blank
  0 text-len !
  0 ?do  #vocab choose nth-word add-text  bl add-char  loop ;

\ ---- splitting into words ----
: word-len ( c-addr u -- c-addr n )  \ characters before the first blank
  dup 0 ?do  over i chars + c@ bl = if  drop i leave  then  loop ;

\ ---- counting a word: with SEARCH (substrings) and COMPARE (whole words) ----
: count-search ( c-addr u -- n )
  2>r 0  text text-len @
  begin  2r@ search  while  rot 1+ -rot  1 /string  repeat
  2drop 2r> 2drop ;

variable target-a  variable target-u
: count-compare ( c-addr u -- n )
  target-u ! target-a !  0  text text-len @
  begin  dup 0>  while
    2dup word-len nip >r
    over r@ target-a @ target-u @ compare 0= if  rot 1+ -rot  then
    r> 1+ /string
  repeat 2drop ;

\ ---- reversing in place ----
: reverse ( c-addr u -- )
  over + 1-
  begin  2dup <  while
    over c@ over c@  3 pick c!  over c!
    1- swap 1+ swap
  repeat 2drop ;
: reverse-words ( -- )  \ each word of the text, in place
  text text-len @
  begin  dup 0>  while
    2dup word-len nip >r  over r@ reverse  r> 1+ /string
  repeat 2drop ;

: upcase ( c-addr u -- )
  over + swap ?do
    i c@ dup [char] a [char] z 1+ within if  32 - i c!  else drop  then
  loop ;

\ ---- numbers to text ----
: n>s ( n -- c-addr u )  dup abs 0 <# #s rot sign #> ;
: sextal  6 base ! ;
: :00 ( ud -- ud' )  # sextal # decimal [char] : hold ;
: hms ( seconds -- c-addr u )  0 <# :00 :00 #s #> ;   \ Starting Forth's trick
: hex4 ( u -- c-addr u )  base @ >r hex  0 <# # # # # #> r> base ! ;

create scratch-buf 64 chars allot
: palindrome? ( c-addr u -- f )  \ is the string the same backwards?
  2dup scratch-buf swap move  scratch-buf over reverse  scratch-buf over compare 0= ;

: build-numbers ( n -- )  \ -n .. n, each followed by a comma
  0 text-len !
  dup negate ?do  i n>s add-text  [char] , add-char  loop ;
: build-times ( n -- )
  0 text-len !
  0 ?do  i 37 * hms add-text  bl add-char  i hex4 add-text  bl add-char  loop ;
: palindromes ( n -- count )
  0 swap 0 ?do  i n>s palindrome? if 1+ then  loop ;

\ ---- the benchmark ----
variable found
: found+ ( n -- )  dup found +!  mix ;
: text-round ( -- )
  4000 build-text
  s" the" count-search found+
  s" the" count-compare found+
  s" forth" count-search found+
  s" over" count-compare found+
  s" he" count-search found+
  reverse-words  text text-len @ mix-string
  s" eht" count-compare found+
  text text-len @ reverse
  s" loop" count-compare found+
  text text-len @ upcase
  s" HT" count-search found+
  text 200 mix-string ;
: number-round ( -- )
  1500 build-numbers
  s" 77" count-search found+
  s" -1," count-search found+
  text text-len @ mix-string
  700 build-times
  s" :00" count-search found+
  s" 01" count-search found+
  text text-len @ mix-string
  3000 palindromes found+ ;
: main ( -- )
  42 seed !  0 sum !  0 found !
  30 0 do  text-round  number-round  loop
  ." strings: found " found @ 0 u.r
  ."  text " text-len @ 0 u.r
  ."  checksum " sum @ 0 u.r cr ;
