\ M*/ for scaling with a double intermediate, */ for percentages.
: percent ( n pct -- n' ) 100 */ ;
200 15 percent . 1999 50 percent . cr
1000000000. 3 7 m*/ d. cr
: scale ( n -- n' ) 355 113 */ ;
1000 scale . 10000 scale . cr
1 2 3 */mod . . cr
