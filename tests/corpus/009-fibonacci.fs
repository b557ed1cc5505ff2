\ Fibonacci: naive recursion versus a loop; first 20 terms.
: fib-r ( n -- f ) dup 2 < if exit then dup 1- recurse swap 2 - recurse + ;
: fib ( n -- f ) 0 1 rot 0 ?do tuck + loop drop ;
: terms 20 0 do i fib . loop cr ;
terms
20 fib-r . 25 fib-r . 90 fib . cr
