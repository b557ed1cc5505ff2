\ Defining words with behaviour: counters, constants that print, offsets.
: counter ( "name" -- ) create 0 , does> ( -- n ) 1 over +! @ ;
counter ticks
ticks . ticks . ticks . cr
: loud-constant ( n "name" -- ) create , does> @ ." <" dup 0 .r ." >" ;
42 loud-constant answer
answer 1+ . cr
: adder ( n "name" -- ) create , does> @ + ;
8 adder +eight 100 adder +hundred
1 +eight . 1 +hundred +eight . cr
