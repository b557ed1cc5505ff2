: classify ( n -- ) dup 0< if drop ." neg" else begin dup while 1- repeat drop then ;
see classify
