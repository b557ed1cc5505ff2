\ Giving back more data space than is in use is refused, with what is in use
-100 allot
here 10 allot -10 allot here = .
16 allot -32 allot
\ giving back what was reserved is fine
-16 allot
