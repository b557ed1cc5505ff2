\ gforth's { a b -- c } locals: the everyday style.
: hypot2 { a b -- c } a a * b b * + ;
3 4 hypot2 . cr
: clamp { n lo hi -- n' } n lo max hi min ;
-5 0 10 clamp . 5 0 10 clamp . 50 0 10 clamp . cr
: swap-diff { x y -- d } y x - ;
10 3 swap-diff . cr
: lerp { a b t -- n } b a - t * 100 / a + ;
0 200 25 lerp . 100 200 50 lerp . cr
