\ Euclid's algorithm, recursive and iterative; LCM on top.
: gcd ( a b -- g ) ?dup if tuck mod recurse then ;
: gcd2 ( a b -- g ) begin dup while tuck mod repeat drop ;
: lcm ( a b -- l ) 2dup gcd */ ;
48 18 gcd . 17 5 gcd . 100 75 gcd2 . 0 7 gcd . cr
4 6 lcm . 21 6 lcm . 13 17 lcm . cr
: lcm-upto ( n -- l ) 1 swap 1+ 1 do i lcm loop ;
10 lcm-upto . 20 lcm-upto . cr
