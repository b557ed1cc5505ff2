\ Digit manipulation: reverse, palindromes, digit count.
: reverse-num ( n -- r ) 0 swap begin dup while 10 /mod >r swap 10 * + r> repeat drop ;
: palindrome? ( n -- f ) dup reverse-num = ;
: #digits ( n -- k ) 0 swap begin swap 1+ swap 10 / dup 0= until drop ;
0 #digits . 9 #digits . 10 #digits . 123456 #digits . cr
12345 reverse-num . 1200 reverse-num . cr
12321 palindrome? . 12345 palindrome? . cr
: pals 200 100 do i palindrome? if i . then loop cr ;
pals
