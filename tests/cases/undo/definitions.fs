\ undo forgets what the line defined, and brings back a redefined word.
: sq ( n -- n*n ) dup * ;
3 sq .
: sq ( n -- n ) ;
3 sq .
undo
3 sq .
3 constant x  variable y  create z 10 allot
undo
x
marker -m  : tmp ;
-m
undo
tmp
