: check ( n -- ) 0< abort" negative!" ;
3 check -1 check
