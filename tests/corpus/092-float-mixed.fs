\ Mixing integer and float code: averages, percentages, conversions.
: avg ( n1 n2 n3 -- F: avg ) + + s>f 3e f/ ;
1 2 4 avg f. cr
: c>f ( F: c -- f ) 9e f* 5e f/ 32e f+ ;
: temps 101 0 do i s>f c>f f>s 5 .r 20 +loop cr ;
temps
-40e c>f f. 37e c>f f. cr
: pct ( part whole -- F: pct ) swap s>f 100e f* s>f f/ ;
1 3 pct f. 50 200 pct f. cr
