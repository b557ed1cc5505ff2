\ Counting characters: vowels, letters, a frequency histogram.
create counts 26 cells allot
: tally ( a u -- ) counts 26 cells erase bounds ?do i c@ 32 or dup [char] a [char] z 1+ within if [char] a - cells counts + 1 swap +! else drop then loop ;
: .hist 26 0 do counts i cells + @ ?dup if [char] a i + emit ." :" . then loop cr ;
s" The Quick Brown Fox Jumps Over The Lazy Dog" tally .hist
: vowel? ( c -- f ) 32 or dup [char] a = over [char] e = or over [char] i = or over [char] o = or swap [char] u = or ;
: vowels ( a u -- n ) 0 -rot bounds ?do i c@ vowel? if 1+ then loop ;
s" Programming in Forth" vowels . cr
