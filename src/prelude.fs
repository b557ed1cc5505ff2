\ The prelude: built-in words that read best in Forth. It is compiled into
\ the binary and loaded at start-up; `see` shows these definitions.

32 constant bl          ( -- char )   \ the space character
-1 constant true        ( -- flag )   \ all bits set
0 constant false        ( -- flag )   \ no bits set
8 constant cell         ( -- n )      \ the size of a cell in bytes (gforth)

: noop ( -- ) ;
: cell- ( a-addr -- a-addr' ) cell - ;
: perform ( a-addr -- ) @ execute ;
: str= ( c-addr1 u1 c-addr2 u2 -- flag ) compare 0= ;
: string-prefix? ( c-addr1 u1 c-addr2 u2 -- flag ) tuck 2>r min 2r> compare 0= ;
: d<> ( d1 d2 -- flag ) d= 0= ;
