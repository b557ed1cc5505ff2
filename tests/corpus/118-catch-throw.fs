\ CATCH and THROW: user codes, nested handlers, stack restoration.
: risky ( n -- n ) dup 0< if -1 throw then dup 100 > if 42 throw then 2* ;
: try-it ( n -- ) ['] risky catch ?dup if ." caught " . drop else ." ok " . then cr ;
5 try-it -3 try-it 500 try-it
: inner 1 throw ;
: middle inner ." not reached" ;
: outer ['] middle catch . ;
outer cr
: safe-div ( a b -- q ) ['] / catch if 2drop ." division error" 0 then ;
10 2 safe-div . cr
1 2 3 ' 2drop catch . . cr
0 throw ." zero throw is a no-op" cr
