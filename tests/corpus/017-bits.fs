\ Bit manipulation: and or xor invert, counting bits, powers of two.
: popcount ( u -- n ) 0 swap begin dup while dup 1 and rot + swap 1 rshift repeat drop ;
: pow2? ( u -- f ) dup 0<> swap dup 1- and 0= and ;
255 popcount . 1023 popcount . -1 popcount . 0 popcount . cr
64 pow2? . 65 pow2? . 1 pow2? . 0 pow2? . cr
$F0 $3C and . $F0 $3C or . $F0 $3C xor . 0 invert . cr
: bit ( n -- mask ) 1 swap lshift ;
0 bit 3 bit or 7 bit or . cr
