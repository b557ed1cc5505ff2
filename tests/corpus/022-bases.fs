\ Printing in hex, decimal, binary and octal with BASE.
: .base ( n base -- ) base @ >r base ! . r> base ! ;
255 16 .base 255 2 .base 255 8 .base 255 36 .base cr
hex ff . 10 . decimal 10 . cr
: show ( n -- ) dup decimal . dup hex . dup 2 base ! . decimal cr drop ;
10 show 100 show -1 show
hex -10 . decimal cr
base @ . cr
