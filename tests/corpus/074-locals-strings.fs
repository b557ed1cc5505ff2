\ String words written with locals: count a char, replace a char.
: count-char { addr u c -- n } 0 u 0 ?do addr i + c@ c = if 1+ then loop ;
s" banana" char a count-char . s" banana" char z count-char . cr
create buf 64 allot
: replace-char { addr u old new -- addr u }
  addr buf u move  u 0 ?do buf i + c@ old = if new buf i + c! then loop buf u ;
s" hello world" char o char 0 replace-char type cr
: starts-with? { a u b v -- f } u v < if false exit then a v b v compare 0= ;
s" gforth" s" gf" starts-with? . s" gforth" s" forth" starts-with? . cr
