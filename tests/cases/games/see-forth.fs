\ SEE of a built-in game word shows the same rule written in Forth.
see flip
see capture?
\ The generator is Rust's own: its Forth in examples/lib/gforth.fs differs.
see random
\ A word of your own with the same name is shown as you wrote it.
: capture? ( a d -- flag ) > ;
see capture?
