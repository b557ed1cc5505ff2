\ Definitions whose comment is right, including tricky ones: no warnings.
: sq ( n -- n*n ) dup * ;
: abs' ( n -- u ) dup 0< if negate then ;
: early ( n -- n' ) dup 0= if exit then 1- ;
: q ( x -- x ) ?dup if drop 7 else 0 then ;
: sum3 ( a b c -- n ) {: a b c :} a b + c + ;
: greet ( -- ) s" hello" type ." , world" cr ;
: find5 ( -- n ) -1 10 0 do i 5 = if drop i leave then loop ;
: countdown ( n -- ) begin dup . 1- dup 0= until drop ;
: walk ( n -- ) begin dup while 1- repeat drop ;
: fact ( n -- n! ) dup 2 < if drop 1 else dup 1- recurse * then ;
: kind ( n -- c ) case 1 of [char] a endof 2 of [char] b endof [char] ? swap endcase ;
: third ( a b c -- a b c a ) 2 pick ;
: nth ( ... n -- ... x ) pick ;
: push3 ( a b -- a b c ) 3 ;
: 2sq ( d -- d ) 2dup d+ ;
: dir ( d -- ) drop ;
: check ( n -- n ) dup 0< if -1 throw then ;
: check2 ( n -- n ) dup 0< abort" negative" ;
\ Floats written without `F:` are not checked against code that uses floats.
: hyp ( r1 r2 -- r3 ) fdup f* fswap fdup f* f+ fsqrt ;
: mixed ( n -- ) ( F: -- r ) s>f ;
: fhalf ( F: r -- r/2 ) 2e f/ ;
: konst ( n "name" -- ) create , does> @ ;
: runs ( xt -- ) execute ;
: clear ( -- ) depth 0 ?do drop loop ;
\ Digits pushed in one loop and printed in the next: right, though
\ neither loop balances.
: .digits ( u -- ) 0 >r begin 10 /mod r> 1+ >r dup 0= until drop r> 0 ?do 0 .r loop ;
1234 .digits cr
\ A CASE without a default: the default way is never meant to be taken.
: act ( sq kind -- ) case 1 of drop endof 2 of . endof endcase ;
: maybe ( n -- n | ) dup 0= if drop then ;
: words-on ( -- ) warnings on ;
:noname ( n -- n ) 1+ ; drop
\ `true abort" …"` never comes back, so its path does not count.
: pick-side ( char -- ) dup [char] w = if drop exit then dup [char] b = if drop exit then true abort" w or b" ;
