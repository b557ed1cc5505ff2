: my-if postpone if ; immediate
: test ( f -- ) my-if ." yes" then ;
-1 test 0 test
