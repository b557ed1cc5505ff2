\ Code that reads DEPTH may name in its comment the items it only looks
\ at (a test suite's "are there two items?"), and so may its callers.
: depth2? ( x1 x2 -- flag )  depth 2 < 0= ;
: check2 ( n1 n2 -- )  depth2? if 2drop then ;
\ Leaving more than it names is still wrong.
: depth-wrong ( -- )  depth ;
