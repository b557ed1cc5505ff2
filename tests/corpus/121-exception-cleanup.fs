\ Cleaning up with CATCH: restoring a variable and BASE after an error.
variable nest  0 nest !
: work ( n -- ) 1 nest +! dup 3 = if 99 throw then drop ;
: protected ( n -- ) nest @ >r ['] work catch r> nest ! ?dup if ." failed with " . else ." done" then cr ;
1 protected 3 protected nest @ . cr
: in-hex ( xt -- ) base @ >r hex catch r> base ! throw ;
: show-ff $ff . ;
' show-ff in-hex cr
: bad hex 1 throw ;
' bad ' in-hex catch . base @ . cr
