\ EXIT from the middle of words and nested IF ELSE THEN.
: sign-of ( n -- ) dup 0< if drop ." negative" exit then 0= if ." zero" exit then ." positive" ;
-5 sign-of cr 0 sign-of cr 12 sign-of cr
: grade ( n -- c )
  dup 90 >= if drop [char] A else
  dup 80 >= if drop [char] B else
  dup 70 >= if drop [char] C else
  drop [char] F then then then ;
95 grade emit 85 grade emit 72 grade emit 10 grade emit cr
