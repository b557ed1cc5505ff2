\ Structures with +FIELD (Forth-2012), as gforth supports them.
0
  cell +field >pname-len
  cell +field >age
  16 +field >pname
constant /person
create bob /person allot
: name! ( a u p -- ) 2dup >pname-len ! >pname swap move ;
s" Bob" bob name! 42 bob >age !
: .person ( p -- ) dup >pname over >pname-len @ type ."  is " >age @ . ." years" cr ;
bob .person
/person . cr
create people /person 3 * allot
: person ( i -- p ) /person * people + ;
s" Ann" 0 person name! 30 0 person >age !
s" Cyd" 1 person name! 25 1 person >age !
s" Dee" 2 person name! 51 2 person >age !
: .people 3 0 do i person .person loop ;
.people
