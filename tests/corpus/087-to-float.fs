\ >FLOAT: strings to floats, valid and invalid.
: try-float ( a u -- ) 2dup type ."  -> " >float if f. else ." not a float" then cr ;
s" 3.5" try-float
s" 1e3" try-float
s" -2.5E-2" try-float
s" 42" try-float
s" abc" try-float
s" 1.5e" try-float
