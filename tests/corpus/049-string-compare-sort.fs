\ Sorting an array of strings with a bubble sort on (addr,len) pairs.
create names 6 2* cells allot
: name! ( a u i -- ) 2* cells names + 2! ;
: name@ ( i -- a u ) 2* cells names + 2@ ;
s" pear" 0 name! s" apple" 1 name! s" fig" 2 name! s" banana" 3 name! s" kiwi" 4 name! s" cherry" 5 name!
: swap-names ( i j -- ) over name@ 2>r dup name@ 3 pick name! 2r> rot name! drop ;
: .names 6 0 do i name@ type space loop cr ;
: sort 5 0 do 5 i - 0 do i name@ i 1+ name@ compare 0> if i i 1+ swap-names then loop loop ;
.names sort .names
