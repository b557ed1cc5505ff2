\ Characters as numbers: CHAR, [CHAR], EMIT, case conversion.
char A . char z . char 0 . bl . cr
: upper ( c -- C ) dup [char] a [char] z 1+ within if 32 - then ;
: lower ( C -- c ) dup [char] A [char] Z 1+ within if 32 + then ;
: alphabet [char] z 1+ [char] a do i upper emit loop cr ;
alphabet
: shout ( addr u -- ) bounds ?do i c@ upper emit loop ;
s" hello, World 42" shout cr
: caesar ( addr u n -- ) -rot bounds ?do i c@ dup [char] a [char] z 1+ within if [char] a - over + 26 mod [char] a + then emit loop drop ;
s" attack at dawn" 3 caesar cr
