\ Words made by defining words have known effects too: CREATE ... DOES>
\ (inside a definition or at the top level), VARIABLE, VALUE, 2VALUE,
\ FVALUE, SYNONYM; and MARKER forgets what it should.
: konst ( n "name" -- ) create , does> @ ;
7 konst seven
: two-sevens ( -- a b ) seven seven ;
: bad-sevens ( -- a ) seven seven ;
create ten 10 , does> @ ;
: tens ( -- a b ) ten ten ;
: bad-tens ( -- a ) ten ten ;
: sq dup * ;
synonym square sq
: quad ( n -- n ) square square ;
: bad-quad ( n -- ) square square ;
variable v  3 value val  2 3 2value tv  1e fvalue fv
: cells5 ( -- a b x y z ) v val tv 0 ;
: bad-cells ( -- a b c ) v val tv 0 ;
: fv2 ( F: -- r1 r2 ) fv fv ;
marker forget-me
: gone ( -- n n ) 1 1 ;
forget-me
: back ( -- n ) 2 ;
: uses ( -- a b ) back back ;
see uses
