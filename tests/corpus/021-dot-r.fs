\ Right-justified columns with .R and U.R.
: row ( n -- ) dup 6 .r dup dup * 8 .r dup dup dup * * 10 .r cr ;
: cubes 11 1 do i row loop ;
cubes
-42 6 .r 42 6 u.r -1 25 u.r cr
12345 3 .r ." |" 0 1 .r ." |" cr
