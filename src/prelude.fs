\ The prelude: built-in words that read best in Forth. It is compiled into
\ the binary and loaded at start-up, and `see` shows these definitions.
\ One word a line: its definition, its stack effect, and after `\` what it
\ does (the glossary in docs/ is generated from these lines).

32 constant bl  ( -- char )  \ The space character. Example: bl emit
-1 constant true  ( -- flag )  \ A true flag: all bits set. Example: true .  \ -1
0 constant false  ( -- flag )  \ A false flag: no bits set. Example: false .  \ 0
8 constant cell  ( -- n )  \ The size of a cell in bytes (gforth). Example: cell .  \ 8
8 constant float  ( -- n )  \ The size of a float in bytes, as 1 FLOATS (gforth). Example: float .  \ 8

: noop ( -- ) ;  \ Do nothing. Example: noop
: cell- ( a-addr -- a-addr' ) cell - ;  \ Subtract the size of a cell. Example: 100 cell- .  \ 92
: perform ( a-addr -- ) @ execute ;  \ Execute the xt stored at a-addr (gforth). Example: variable action  :noname ." hi" ; action !  action perform  \ hi
: str= ( c-addr1 u1 c-addr2 u2 -- flag ) compare 0= ;  \ True if the strings are equal (gforth). Example: s" abc" s" abc" str= .  \ -1
: str< ( c-addr1 u1 c-addr2 u2 -- flag ) compare 0< ;  \ True if string 1 sorts before string 2 (gforth).
: string-prefix? ( c-addr1 u1 c-addr2 u2 -- flag ) tuck 2>r min 2r> compare 0= ;  \ True if string 2 starts string 1 (gforth). Example: s" forth" s" for" string-prefix? .  \ -1
: d<> ( d1 d2 -- flag ) d= 0= ;  \ True if the doubles differ (gforth). Example: 1. 2. d<> .  \ -1
: <= ( n1 n2 -- flag ) > 0= ;  \ True if n1 <= n2 (gforth). Example: 3 3 <= .  \ -1
: >= ( n1 n2 -- flag ) < 0= ;  \ True if n1 >= n2 (gforth). Example: 3 2 >= .  \ -1
: 0<= ( n -- flag ) 0> 0= ;  \ True if n <= 0 (gforth). Example: 0 0<= .  \ -1
: 0>= ( n -- flag ) 0< 0= ;  \ True if n >= 0 (gforth). Example: 0 0>= .  \ -1
: u<= ( u1 u2 -- flag ) u> 0= ;  \ True if u1 <= u2, unsigned (gforth). Example: 1 2 u<= .  \ -1
: u>= ( u1 u2 -- flag ) u< 0= ;  \ True if u1 >= u2, unsigned (gforth). Example: 2 1 u>= .  \ -1
: umin ( u1 u2 -- u ) 2dup u> if swap then drop ;  \ The smaller, unsigned (gforth). Example: 1 -1 umin .  \ 1 (-1 is the largest unsigned)
: umax ( u1 u2 -- u ) 2dup u< if swap then drop ;  \ The larger, unsigned. Example: 1 -1 umax .  \ -1
: c@+ ( c-addr -- c-addr+1 char ) dup char+ swap c@ ;  \ Fetch a character and step past it (gforth). Example: s" ab" drop c@+ emit drop  \ a
: place ( c-addr1 u c-addr2 -- ) 2dup c! char+ swap move ;  \ Store a string as a counted string at c-addr2 (gforth). Example: s" hi" pad place  pad count type  \ hi
: +place ( c-addr1 u c-addr2 -- ) 2dup 2>r count + swap move 2r> dup c@ rot + swap c! ;  \ Append a string to the counted string at c-addr2 (gforth). Example: s" hi" pad place  s"  there" pad +place  pad count type  \ hi there
: hex. ( u -- ) base @ swap hex [char] $ emit u. base ! ;  \ Print u in hex with a $ (gforth). Example: 255 hex.  \ $FF
: dec. ( n -- ) base @ swap decimal . base ! ;  \ Print n in decimal (gforth). Example: hex 10 dec. decimal  \ 16
: ?dup-if ( x -- | x ) postpone ?dup postpone if ; immediate compile-only  \ IF that keeps x when it is not zero: ?DUP IF (gforth).
: ?dup-0=-if ( x -- | x ) postpone ?dup postpone 0= postpone if ; immediate compile-only  \ IF taken when x is zero; x stays when it is not: ?DUP 0= IF (gforth).
: ?leave ( flag -- ) postpone if postpone leave postpone then ; immediate  \ Leave the DO loop if flag is true (gforth). Example: : t 10 0 do i 3 = ?leave i . loop ;  t  \ 0 1 2
: ekey ( -- x ) key ;  \ Wait for a keyboard event: here, one key, as KEY. Example: ekey .  \ (press a key: its code)
: ekey? ( -- flag ) key? ;  \ True if a keyboard event is waiting. Example: ekey? .  \ (-1 if a key is waiting, else 0)
: ekey>char ( x -- x false | char true ) true ;  \ The character of a keyboard event: here every event from EKEY is a character, so always char true.
: parse-word ( "name" -- c-addr u ) parse-name ;  \ The next word in the input: gforth's older name for PARSE-NAME.
: ]l ( x -- ) ] postpone literal ;  \ Back to compiling, and compile x as a literal: [ 6 7 * ]L (gforth).
: 2, ( x1 x2 -- ) here 2 cells allot 2! ;  \ Store a pair at HERE as 2! would, and move past it (gforth).
: mem, ( addr u -- ) here over allot swap move ;  \ Store a copy of the u bytes at addr at HERE and move past them (gforth). Example: here s" abc" mem, 3 type  \ abc
: s, ( c-addr u -- ) here over char+ allot place align ;  \ Store a string at HERE as a counted string, then ALIGN (gforth).
: th ( addr n -- addr' ) cells + ;  \ The address of cell n of the array at addr (gforth).
: du>= ( ud1 ud2 -- flag ) du< 0= ;  \ True if ud1 >= ud2, unsigned doubles (gforth).
: 2nip ( x1 x2 x3 x4 -- x3 x4 ) 2swap 2drop ;  \ Drop the second pair (gforth). Example: 1 2 3 4 2nip .s  \ <2> 3 4
: 2tuck ( x1 x2 x3 x4 -- x3 x4 x1 x2 x3 x4 ) 2swap 2over ;  \ Copy the top pair under the second (gforth). Example: 1 2 3 4 2tuck .s  \ <6> 3 4 1 2 3 4
: d> ( d1 d2 -- flag ) 2swap d< ;  \ True if d1 > d2 (gforth). Example: 2. 1. d> .  \ -1
: d0<= ( d -- flag ) 2dup d0< >r d0= r> or ;  \ True if the double is 0 or less (gforth). Example: -1. d0<= .  \ -1
: ud/mod ( ud1 u2 -- urem udquot ) >r 0 r@ um/mod r> swap >r um/mod r> ;  \ Divide an unsigned double by a single, with a double quotient (gforth). Example: 10. 3 ud/mod .s  \ <3> 1 3 0
: sw@ ( addr -- n ) w@ dup $8000 and if $10000 - then ;  \ Fetch the 16-bit value at addr, sign-extended (gforth). Example: create b 2 allot  $ffff b w!  b sw@ .  \ -1
: sl@ ( addr -- n ) l@ dup $80000000 and if $100000000 - then ;  \ Fetch the 32-bit value at addr, sign-extended (gforth). Example: create b 4 allot  $ffffffff b l!  b sl@ .  \ -1
: ctrl ( "<char>" -- char ) char toupper $40 xor state @ if postpone literal then ; immediate  \ The control code of the next word's first character, as gforth computes it (upper case, bit 6 flipped): ctrl a is 1, Ctrl-A; inside a definition it compiles that number. Example: ctrl a .  \ 1
: vlist ( -- ) words ;  \ List the words: gforth's older name for WORDS.
: name>int ( nt -- xt ) name>interpret ;  \ The xt of the word named by nt (gforth's shorter NAME>INTERPRET).
: infile-id ( -- fileid ) stdin ;  \ The file that KEY and ACCEPT read from: standard input (gforth).
4 constant #eof  ( -- char )  \ The character that ends input from a terminal, Ctrl-D (gforth); KEY returns it once the input has ended.
7 constant #bell  ( -- char )  \ The bell character, BEL (gforth). Example: #bell .  \ 7
8 constant #bs  ( -- char )  \ The backspace character (gforth). Example: #bs .  \ 8
9 constant #tab  ( -- char )  \ The tab character (gforth). Example: #tab .  \ 9
10 constant #lf  ( -- char )  \ The line feed character (gforth). Example: #lf .  \ 10
12 constant #ff  ( -- char )  \ The form feed character (gforth). Example: #ff .  \ 12
13 constant #cr  ( -- char )  \ The carriage return character (gforth). Example: #cr .  \ 13
27 constant #esc  ( -- char )  \ The escape character (gforth). Example: #esc .  \ 27
127 constant #del  ( -- char )  \ The delete character (gforth). Example: #del .  \ 127
: table ( -- wid ) wordlist ;  \ A new word list (gforth's are case-sensitive; here names never are).
: base-execute ( i*x xt u -- j*x ) base @ >r base ! catch r> base ! throw ;  \ Execute xt with BASE set to u, then restore BASE (gforth).
: (+do) ( n1 n2 -- n1 n2' ) 2dup > 0= if drop dup then ;  \ The run-time of +DO: make ?DO skip unless n2 < n1.
: (u+do) ( u1 u2 -- u1 u2' ) 2dup u> 0= if drop dup then ;  \ The run-time of U+DO: make ?DO skip unless u2 < u1.
: (-do) ( n1 n2 -- n1+1 n2' ) swap 1+ swap 2dup > if drop dup then ;  \ The run-time of -DO: ?DO with the limit n1+1, which skips unless n2 > n1.
: (u-do) ( u1 u2 -- u1+1 u2' ) swap 1+ swap 2dup u> if drop dup then ;  \ The run-time of U-DO: as (-DO), unsigned.
: +do ( n1 n2 -- ) postpone (+do) postpone ?do ; immediate compile-only  \ Like ?DO, but skip the loop unless n2 < n1 (gforth).
: u+do ( u1 u2 -- ) postpone (u+do) postpone ?do ; immediate compile-only  \ Like +DO, comparing unsigned (gforth).
: -do ( n1 n2 -- ) postpone (-do) postpone ?do ; immediate compile-only  \ Start a loop counting down from n2 to n1 with -LOOP; down to n1+1: skipped unless n2 > n1 (gforth).
: u-do ( u1 u2 -- ) postpone (u-do) postpone ?do ; immediate compile-only  \ Like -DO, comparing unsigned (gforth).
: -loop ( u -- ) postpone negate postpone +loop ; immediate compile-only  \ End a -DO or U-DO loop: subtract u from the index; stop when it passes the limit (gforth).
: assert( ( -- ) ; immediate compile-only  \ Start an assertion: assert( depth 2 = ) aborts when the code before ) leaves false (gforth).
: ) ( -- ) state @ if postpone (assert) then ; immediate  \ End an ASSERT( assertion; outside a definition it does nothing, as in gforth. Example: 1 2 ) + .  \ 3
: $! ( c-addr u addr -- ) dup @ ?dup if free throw then over cell+ allocate throw dup rot ! 2dup ! cell+ swap move ;  \ Store a copy of the string in the heap, its address in the variable at addr (gforth).
: $@ ( addr -- c-addr u ) @ ?dup if dup cell+ swap @ else 0 0 then ;  \ The string stored with $! in the variable at addr (gforth).
: $+! ( c-addr u addr -- ) dup @ 0= if $! exit then >r r@ @ @ over + r@ @ over cell+ resize throw dup r@ ! 2dup ! cell+ + over - swap move r> drop ;  \ Append a copy of the string to the one stored with $! at addr (gforth).
: ffield: ( n1 "name" -- n2 ) faligned 1 floats +field ;  \ A float-aligned field of one float (FLOATING EXT).
: dffield: ( n1 "name" -- n2 ) dfaligned 1 dfloats +field ;  \ An aligned field of one 8-byte double float (FLOATING EXT).
: sffield: ( n1 "name" -- n2 ) sfaligned 1 sfloats +field ;  \ An aligned field of one 4-byte single float (FLOATING EXT).
: emit? ( -- flag ) true ;  \ Can a character be sent now? Output never waits here: always true (FACILITY EXT).
: >order ( wid -- ) >r get-order r> swap 1+ set-order ;  \ Put the word list first in the search order, keeping the others (gforth).
: clearstack ( i*x -- ) depth 0 ?do drop loop ;  \ Empty the data stack (gforth).
: ?exit ( flag -- ) postpone if postpone exit postpone then ; immediate compile-only  \ Leave the word if flag is true: IF EXIT THEN (gforth). Example: : t ( flag -- ) ?exit ." stayed" ;  -1 t  0 t  \ stayed
: needs ( i*x "name" -- j*x ) parse-name required ;  \ Interpret the named file unless it was included already: gforth's other name for REQUIRE.
: [ifdef] ( "name" -- ) postpone [defined] postpone [if] ; immediate  \ Interpret the following text only if name is defined, up to [ELSE] or [THEN] (gforth). Example: [ifdef] dup .( yes) [then]  \ yes
: [ifundef] ( "name" -- ) postpone [undefined] postpone [if] ; immediate  \ Interpret the following text only if name is not defined, up to [ELSE] or [THEN] (gforth). Example: [ifundef] frob .( no frob) [then]  \ no frob
: lastxt ( -- xt ) latestxt ;  \ The execution token of the newest definition: gforth's older name for LATESTXT. Example: : hi ." hi" ;  lastxt execute  \ hi
: .name ( nt -- ) name>string type space ;  \ Print a word's name and a space (gforth). Example: s" dup" find-name .name  \ dup
: defers ( "name" -- ) ' defer@ compile, ; immediate compile-only  \ Compile the action the deferred word has now, so later IS does not change it (gforth). Example: defer greet  :noname ." hi" ; is greet  : hi2 defers greet ;  ' noop is greet  hi2  \ hi
: string, ( c-addr u -- ) here over char+ allot place ;  \ Store a string at HERE as a counted string, without aligning (gforth). Example: here s" ab" string, count type  \ ab
: expect ( c-addr +n -- ) accept span ! ;  \ Read a line of at most +n characters into c-addr; SPAN holds how many came (obsolescent: use ACCEPT).
: naligned ( addr n -- addr' ) 1- tuck + swap invert and ;  \ Round addr up to a multiple of n, a power of two (gforth). Example: 13 8 naligned .  \ 16
: struct ( -- align size ) 1 0 ;  \ Start a structure's fields: its alignment and size so far (gforth). Example: struct cell% field p.x cell% field p.y end-struct point%  point% %size .  \ 16
: end-struct ( align size "name" -- ) over naligned 2constant ;  \ End a structure: name ( -- align size ) gives its alignment and its size, rounded up to the alignment (gforth).
: field ( align1 offset1 align size "name" -- align2 offset2 ) >r rot over max -rot naligned r> +field ;  \ A field of a STRUCT of the type align size: name ( addr -- addr' ) adds its offset, aligned (gforth). Example: struct char% field s.c cell% field s.n end-struct s%  0 s.n .  \ 8
: cell% ( -- align size ) cell cell ;  \ The type of a one-cell field, for FIELD (gforth).
: char% ( -- align size ) 1 1 ;  \ The type of a one-character field, for FIELD (gforth).
: float% ( -- align size ) 1 floats 1 floats ;  \ The type of a float field, for FIELD (gforth).
: sfloat% ( -- align size ) 1 sfloats 1 sfloats ;  \ The type of a 4-byte float field, for FIELD (gforth).
: dfloat% ( -- align size ) 1 dfloats 1 dfloats ;  \ The type of an 8-byte float field, for FIELD (gforth).
: double% ( -- align size ) cell 2 cells ;  \ The type of a double-cell field, for FIELD (gforth).
: %size ( align size -- size ) nip ;  \ The size of a structure or field type (gforth). Example: cell% %size .  \ 8
: %alignment ( align size -- align ) drop ;  \ The alignment of a structure or field type (gforth). Example: char% %alignment .  \ 1
: %align ( align size -- ) drop here swap naligned here - allot ;  \ Align HERE for a structure of this type (gforth).
: %allot ( align size -- addr ) tuck %align here swap allot ;  \ Reserve data space for a structure of this type, aligned; addr is where it starts (gforth). Example: cell% %allot 7 over ! @ .  \ 7
: %allocate ( align size -- addr ior ) nip allocate ;  \ Allocate heap memory for a structure of this type (heap blocks are aligned for any type) (gforth).
: %alloc ( align size -- addr ) %allocate throw ;  \ Allocate heap memory for a structure of this type; throw if there is none (gforth).
