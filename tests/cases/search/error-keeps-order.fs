\ An error leaves the search order as it was (as gforth does): a typo while
\ working in a word list does not throw you out of it
vocabulary v  v definitions
: w1 ( -- n ) 1 ;
w1 nosuch
order
forth definitions
\ ... but when nothing could find ONLY or FORTH, an error puts the start back
wordlist 1 set-order
2 3 + .
order
\ PREVIOUS down to an empty order: the same
previous previous previous previous previous
order
