\ Standard throw codes caught from the system: division by zero, undefined word.
: div ( a b -- ) ['] / catch if 2drop ." caught a division error" else . then cr ;
10 0 div 10 5 div
: undefined-word s" no-such-word-here" ['] evaluate catch nip nip ;
undefined-word . cr
: compile-only-check s" 1 2 + ." ['] evaluate catch . cr ;
compile-only-check
