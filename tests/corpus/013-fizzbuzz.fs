\ FizzBuzz, the way everyone writes it once.
: fizz? ( n -- f ) 3 mod 0= ;
: buzz? ( n -- f ) 5 mod 0= ;
: fizzbuzz ( n -- )
  dup fizz? over buzz? and if drop ." FizzBuzz" exit then
  dup fizz? if drop ." Fizz" exit then
  dup buzz? if drop ." Buzz" exit then
  . ;
: run 31 1 do i fizzbuzz space loop cr ;
run
