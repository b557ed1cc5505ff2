: sign-of ( n -- ) dup 0< if drop ." negative" else 0= if ." zero" else ." positive" then then ;
-5 sign-of 0 sign-of 9 sign-of
