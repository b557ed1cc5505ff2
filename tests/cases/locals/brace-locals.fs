\ gforth's { } locals: -- to } is a comment, | starts uninitialised locals
: diff { a b -- c } a b - ;
5 3 diff .
: sum3 { a b | c d -- e } a b + to c c 10 * to d d c + ;
1 2 sum3 .
: two-sets { a b } { c } a b c ;
1 2 3 two-sets .s
see diff
: inner { a -- } a if a 1+ { b } b . then ;
5 inner
{ x }
