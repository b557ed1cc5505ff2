\ ?dup-if and ?dup-0=-if keep a non-zero x; str< and capscompare compare strings
: show ( n -- ) ?dup-if ." got " . else ." zero" then ;
7 show 0 show
: none? ( n -- ) ?dup-0=-if ." none" else ." some " . then ;
0 none? 3 none?
s" abc" s" abd" str< . s" b" s" a" str< . s" a" s" a" str< .
s" HeLLo" s" hello" capscompare . s" abc" s" ABD" capscompare . s" b" s" A" capscompare .
