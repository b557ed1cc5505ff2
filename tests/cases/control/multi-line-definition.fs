: greet ( -- )
  ." hello, "
  ." world" ;
greet
