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
