\ Locals in :NONAME definitions and in DOES> parts.
:noname { a b -- c } a b * a + ; constant xt
3 4 xt execute . cr
: scaler ( n "name" -- ) create , does> @ { x f } x f * ;
10 scaler ten-times  7 ten-times . cr
: apply-n { xt n x -- y } n 0 ?do x xt execute to x loop x ;
' 2* 10 1 apply-n . cr
