\ >NUMBER: converting strings to numbers, with leftovers.
: try-num ( a u -- ) 0 0 2swap >number ." rest=" dup . type ."  value=" d. cr ;
s" 12345" try-num
s" 42abc" try-num
s" abc" try-num
: s>n ( a u -- n ) 0 0 2swap >number 2drop drop ;
s" 100" s>n s" 23" s>n + . cr
hex s" ff" s>n decimal . cr
