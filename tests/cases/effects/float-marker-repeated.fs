\ A stack's marker may be repeated after `--`, in either case: the float
\ part is checked like any other.
: f-avg ( F: a b -- F: c )  f+ 2e f/ ;
: f-cool ( f: temp -- f: temp' )  0.9e f* ;
: f-both ( F: r1 r2 -- F: r3 ) ( n -- )  f* drop ;
\ Wrong: these leave one float more than they say.
: f-avg2 ( F: a b -- F: c )  fover fover f+ 2e f/ fswap fdrop ;
: f-warm ( f: temp -- f: temp' )  fdup 1.1e f* ;
\ A marker for cells after one for floats: which stack each name is on.
: scale ( n F: r -- F: r' )  s>f f* ;
help f-cool
