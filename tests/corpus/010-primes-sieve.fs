\ Sieve of Eratosthenes with a byte array.
200 constant size
create flags size allot
: init  flags size 1 fill  0 flags c!  0 flags 1+ c! ;
: strike ( p -- ) dup dup * begin dup size < while 0 over flags + c! over + repeat 2drop ;
: sieve  init size 2 do flags i + c@ if i strike then loop ;
: .primes  0 size 0 do flags i + c@ if i 4 .r 1+ dup 10 mod 0= if cr then then loop cr ." count: " . cr ;
sieve .primes
