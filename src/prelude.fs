\ The prelude: built-in words that read best in Forth. It is compiled into
\ the binary and loaded at start-up, and `see` shows these definitions.
\ One word a line: its definition, its stack effect, and after `\` what it
\ does (the glossary in docs/ is generated from these lines).

32 constant bl  ( -- char )  \ The space character.
-1 constant true  ( -- flag )  \ A true flag: all bits set.
0 constant false  ( -- flag )  \ A false flag: no bits set.
8 constant cell  ( -- n )  \ The size of a cell in bytes (gforth).

: noop ( -- ) ;  \ Do nothing.
: cell- ( a-addr -- a-addr' ) cell - ;  \ Subtract the size of a cell.
: perform ( a-addr -- ) @ execute ;  \ Execute the xt stored at a-addr (gforth).
: str= ( c-addr1 u1 c-addr2 u2 -- flag ) compare 0= ;  \ True if the strings are equal (gforth).
: string-prefix? ( c-addr1 u1 c-addr2 u2 -- flag ) tuck 2>r min 2r> compare 0= ;  \ True if string 2 starts string 1 (gforth).
: d<> ( d1 d2 -- flag ) d= 0= ;  \ True if the doubles differ (gforth).
: <= ( n1 n2 -- flag ) > 0= ;  \ True if n1 <= n2 (gforth).
: >= ( n1 n2 -- flag ) < 0= ;  \ True if n1 >= n2 (gforth).
: 0<= ( n -- flag ) 0> 0= ;  \ True if n <= 0 (gforth).
: 0>= ( n -- flag ) 0< 0= ;  \ True if n >= 0 (gforth).
: u<= ( u1 u2 -- flag ) u> 0= ;  \ True if u1 <= u2, unsigned (gforth).
: u>= ( u1 u2 -- flag ) u< 0= ;  \ True if u1 >= u2, unsigned (gforth).
: umin ( u1 u2 -- u ) 2dup u> if swap then drop ;  \ The smaller, unsigned (gforth).
: umax ( u1 u2 -- u ) 2dup u< if swap then drop ;  \ The larger, unsigned.
: c@+ ( c-addr -- c-addr+1 char ) dup char+ swap c@ ;  \ Fetch a character and step past it (gforth).
: place ( c-addr1 u c-addr2 -- ) 2dup c! char+ swap move ;  \ Store a string as a counted string at c-addr2 (gforth).
: +place ( c-addr1 u c-addr2 -- ) 2dup 2>r count + swap move 2r> dup c@ rot + swap c! ;  \ Append a string to the counted string at c-addr2 (gforth).
: hex. ( u -- ) base @ swap hex [char] $ emit u. base ! ;  \ Print u in hex with a $ (gforth).
: dec. ( n -- ) base @ swap decimal . base ! ;  \ Print n in decimal (gforth).
: ?leave ( flag -- ) postpone if postpone leave postpone then ; immediate  \ Leave the DO loop if flag is true (gforth).
: ekey ( -- x ) key ;  \ Wait for a keyboard event: here, one key, as KEY.
: ekey? ( -- flag ) key? ;  \ True if a keyboard event is waiting.
