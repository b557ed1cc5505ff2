\ Repeating and joining strings into a buffer.
create out 200 allot  variable #out
: out+ ( a u -- ) tuck out #out @ + swap move #out +! ;
: .out out #out @ type cr 0 #out ! ;
: repeat-str ( a u n -- ) 0 ?do 2dup out+ loop 2drop ;
0 #out ! s" ab" 3 repeat-str .out
s" -" 10 repeat-str .out
: join ( a1 u1 a2 u2 a3 u3 sep-a sep-u -- ) 2>r out+ 2r@ out+ out+ 2r> out+ out+ ;
s" z" s" y" s" x" s" , " join .out
