\ Counted strings: C" COUNT, building one with PLACE-like code.
: show-counted ( c-addr -- ) count type cr ;
: hi c" counted hello" ;
hi show-counted
hi c@ . cr
create buf 64 allot
: place-it ( addr u dest -- ) 2dup c! 1+ swap move ;
s" copied into buf" buf place-it
buf show-counted
: append-it ( addr u dest -- ) >r r@ count + swap dup >r move r> r@ c@ + r> c! ;
s"  and more" buf append-it
buf show-counted buf c@ . cr
