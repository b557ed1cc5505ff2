\ COMPILE, works between [ and ] too (as in gforth), but needs an open definition.
: sq ( n -- n*n ) [ ' dup compile, ] * ;
3 sq .
' dup compile,
