help dup
help choose
help bl
: sq ( n -- n*n ) dup * ;
help sq
help frob
