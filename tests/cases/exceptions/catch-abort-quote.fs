: check ( n -- ) 0< abort" negative!" ;
-1 ' check catch
