\ ONLY leaves the root word list (twice, so FORTH replaces only the first)
only order
words
\ comments still work: \ and ( are in the root word list too
( like this )
\ the root word list has what it takes to get back
forth order
2 3 + .
only also forth definitions order
\ a vocabulary put in place of FORTH after ONLY FORTH still has root below it
vocabulary v  only forth v order
dup
forth 1 dup + .
\ -1 set-order is ONLY too
-1 set-order order
only forth order
