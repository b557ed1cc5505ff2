\ Retrying an operation until it stops throwing, and re-throwing codes.
variable attempts
: flaky ( -- n ) 1 attempts +! attempts @ 3 < if -100 throw then attempts @ ;
: retry ( xt -- n ) begin dup catch while repeat nip ;
0 attempts ! ' flaky retry . attempts @ . cr
: rethrow-bigger ( xt -- ) catch dup if 1000 + throw then ;
: fails 7 throw ;
: test-rethrow ['] fails ['] rethrow-bigger catch . drop ;
test-rethrow cr
