\ A word the prelude defines in Forth that fails is reported where it was
\ called, named, with its stack effect; the word inside it that failed is
\ named too, and `see` shows its code.
1 sw@
: foo ( -- ) 2 3 ud/mod ;
foo
: bar ( -- ) s" x" 0 place ;
bar
needs no-such-file.fs
see sw@
