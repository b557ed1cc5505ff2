\ Forth-94 LOCALS| (note the reversed order) as some gforth code uses it.
: sub3 ( a b c -- a-b-c ) locals| c b a | a b - c - ;
10 3 2 sub3 . cr
: area ( w h -- a ) locals| h w | w h * ;
6 7 area . cr
: avg ( a b -- n ) locals| b a | a b + 2/ ;
10 20 avg . 7 8 avg . cr
: swap-to ( x y -- y x ) locals| y x | y to x  x y ;
1 2 swap-to . . cr
