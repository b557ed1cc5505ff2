\ EVALUATE: running strings as code, building calculations.
s" 3 4 + ." evaluate cr
: calc ( addr u -- ) evaluate . cr ;
s" 10 20 * 5 -" calc
s" 2 3 4 * +" calc
: define-square s" : sq dup * ;" evaluate ;
define-square 12 sq . cr
s" 1 2 3" evaluate + + . cr
