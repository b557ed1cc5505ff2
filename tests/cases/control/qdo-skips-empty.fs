: maybe ( n -- ) 0 ?do i . loop ." done" ;
0 maybe 2 maybe
