\ FSIN FCOS FTAN FATAN and PI.
pi f. cr
0e fsin f. 0e fcos f. cr
pi 2e f/ fsin f. pi fcos f. cr
pi 4e f/ ftan f. 1e fatan 4e f* f. cr
: deg>rad ( f -- f ) pi f* 180e f/ ;
30e deg>rad fsin f. 60e deg>rad fcos f. cr
: sine-table 91 0 do i s>f deg>rad fsin 1000e f* fround f>s 5 .r 15 +loop cr ;
sine-table
