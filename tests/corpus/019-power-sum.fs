\ Integer powers, sums of squares, triangular numbers.
: ** ( b e -- b^e ) 1 swap 0 ?do over * loop nip ;
2 10 ** . 3 4 ** . 10 0 ** . 7 3 ** . cr
: sum-sq ( n -- s ) 0 swap 1+ 1 ?do i dup * + loop ;
10 sum-sq . 100 sum-sq . cr
: tri ( n -- t ) dup 1+ * 2/ ;
: tris 11 1 do i tri . loop cr ;
tris
: perfect? ( n -- f ) 0 over 1 ?do over i mod 0= if i + then loop = ;
: perfects 10000 2 do i perfect? if i . then loop cr ;
perfects
