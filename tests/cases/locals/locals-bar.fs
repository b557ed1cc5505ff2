\ LOCALS| takes its first name from the top of the stack
: f locals| a b | a b - ;
5 3 f .
: g locals| x | x x * ;
7 g .
\ (LOCAL) is what LOCALS| is built on
: my-local ( "name" -- ) parse-name (local) ; immediate
: end-locals ( -- ) 0 0 (local) ; immediate
: h my-local p my-local q end-locals p q - ;
5 3 h .
: oops locals| a b ;
