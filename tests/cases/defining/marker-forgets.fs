marker clean
: temp 1 ;
clean
temp
