: down ( n -- ) dup if 1- recurse then ;
100000 down
