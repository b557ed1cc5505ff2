: grid 3 0 do 2 0 do j 10 * i + . loop loop ;
grid
