\ A simple string buffer with append, used to build output.
create sb 256 allot  variable sb-len
: sb-clear 0 sb-len ! ;
: sb+ ( a u -- ) tuck sb sb-len @ + swap move sb-len +! ;
: sbc+ ( c -- ) sb sb-len @ + c! 1 sb-len +! ;
: sbn+ ( n -- ) s>d swap over dabs <# #s rot sign #> sb+ ;
: sb@ ( -- a u ) sb sb-len @ ;
sb-clear s" x = " sb+ 42 sbn+ s" , y = " sb+ -7 sbn+ char ! sbc+ sb@ type cr
: list5 sb-clear 5 0 do i sbn+ [char] , sbc+ loop ;
list5 sb@ 1- type cr
sb@ nip . cr
