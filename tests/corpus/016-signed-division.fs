\ Floored versus symmetric division, spelt out with FM/MOD and SM/REM.
: both ( n d -- )
  2dup >r s>d r> fm/mod swap . . ." | "
  >r s>d r> sm/rem swap . . cr ;
7 3 both -7 3 both 7 -3 both -7 -3 both
10 5 both -10 5 both
100 s>d 7 um/mod . . cr
