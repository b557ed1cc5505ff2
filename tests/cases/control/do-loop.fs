: squares ( n -- ) 0 do i i * . loop ;
5 squares
