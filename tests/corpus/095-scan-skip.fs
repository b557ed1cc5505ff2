\ gforth's SCAN and SKIP for tokenising text.
s" hello world" bl scan type ." |" cr
s"    indented" bl skip type ." |" cr
s" key=value" char = scan 1 /string type cr
: fields ( a u c -- ) >r begin r@ skip dup while 2dup r@ scan 2swap 2 pick - ." <" type ." >" repeat 2drop rdrop cr ;
s" a,b,,c,,," char , fields
s"   several   words here  " bl fields
