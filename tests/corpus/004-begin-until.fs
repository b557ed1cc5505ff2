\ BEGIN UNTIL: Collatz sequence lengths.
: collatz-step ( n -- n' ) dup 1 and if 3 * 1+ else 2/ then ;
: collatz-len ( n -- len )
  1 swap begin dup 1 <> while collatz-step swap 1+ swap repeat drop ;
: show ( n -- ) dup . ." -> " collatz-len . cr ;
1 show 6 show 7 show 27 show 97 show
: first-over ( limit -- n )  0 begin 1+ dup collatz-len 2 pick > until nip ;
100 first-over . cr
