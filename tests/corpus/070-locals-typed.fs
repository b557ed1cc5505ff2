\ gforth typed locals: W: and D: (a double local takes two cells).
: dsum { d: a d: b -- d } a b d+ ;
1000000000000. 2345. dsum d. cr
: scale { w: n d: d -- d' } d n 1 m*/ ;
3 100000. scale d. cr
: describe { w: n d: big } ." n=" n . ." big=" big d. cr ;
7 123456789. describe
