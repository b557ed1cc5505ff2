\ Recursion with RECURSE: factorial, also an iterative version.
: fact ( n -- n! ) dup 2 < if drop 1 else dup 1- recurse * then ;
: fact-iter ( n -- n! ) 1 swap 1+ 1 ?do i * loop ;
: show ( n -- ) dup 2 .r ." ! = " dup fact . fact-iter . cr ;
0 show 1 show 5 show 10 show 15 show 20 show
