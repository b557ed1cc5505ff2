\ Mutual recursion through DEFER: even?/odd? and a Hofstadter pair.
defer odd?
: even? ( n -- f ) dup 0= if drop true else 1- odd? then ;
:noname ( n -- f ) dup 0= if drop false else 1- even? then ; is odd?
10 even? . 7 even? . 7 odd? . 0 odd? . cr
defer m-seq
: f-seq ( n -- v ) dup 0= if drop 1 else dup 1- recurse m-seq - then ;
:noname ( n -- v ) dup 0= if drop 0 else dup 1- recurse f-seq - then ; is m-seq
: show 15 0 do i f-seq . loop cr 15 0 do i m-seq . loop cr ;
show
