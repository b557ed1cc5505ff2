\ Older code takes a word's return address off the return stack: `r> drop`
\ to leave the calling word too, `>r ... exit` to jump. playforth keeps
\ return addresses apart, so these stop with -25, naming the idiom and the
\ standard way, instead of doing something else silently.
: leave-caller ( -- ) r> drop ;
: caller ( -- ) ." a " leave-caller ." b " ;
caller
: target ( -- ) ." jumped" ;
: jump ( -- ) ['] target >r exit ;
jump
\ The standard way: a flag the caller tests, or EXECUTE for the jump.
: done? ( -- flag ) true ;
: caller2 ( -- ) ." a " done? if exit then ." b " ;
caller2
: jump2 ( -- ) ['] target execute ;
jump2
