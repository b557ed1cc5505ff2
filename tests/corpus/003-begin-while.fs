\ BEGIN WHILE REPEAT: integer square root and digit sums.
: isqrt ( n -- r )
  0 begin  dup dup * 2 pick <=  while  1+  repeat  1- nip ;
: digit-sum ( n -- s )
  0 swap begin dup while 10 /mod >r + r> repeat drop ;
100 isqrt . 99 isqrt . 2 isqrt . 1000000 isqrt . cr
12345 digit-sum . 9999 digit-sum . 0 digit-sum . cr
