\ Reversing a string in place and checking palindromes.
create work 80 allot
: >work ( a u -- a' u ) tuck work swap move work swap ;
: reverse ( a u -- ) 1- over + begin 2dup < while over c@ over c@ 3 pick c! over c! 1- swap 1+ swap repeat 2drop ;
s" Hello, World" >work 2dup reverse type cr
s" a" >work 2dup reverse type cr
: palindrome? ( a u -- f ) 2dup >work 2dup reverse compare 0= ;
s" racecar" palindrome? . s" forth" palindrome? . s" abba" palindrome? . cr
