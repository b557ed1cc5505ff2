\ Definitions whose stack comment cannot be right: `;` warns, and the word
\ is defined all the same.
: square ( n -- n*n ) dup dup * ;
3 square .s clearstack
: too-few ( a b -- sum ) + drop ;
: takes-more ( n -- ) + ;
: swapper ( a -- a ) swap ;
: noisy ( -- ) 1 2 ;
: pair ( -- a b ) 1 ;
: uneven ( n -- n ) dup 0< if drop then ;
: early ( n -- n ) dup 0= if exit then 1+ 1+ swap ;
: arms ( flag -- n ) if 1 2 else 3 then ;
: strs ( -- c-addr u ) s" hello" drop ;
: loc ( a b -- c ) {: a b :} a b + a ;
: counted ( n -- n ) 0 ?do i . loop ;
\ A word checked against another's inferred effect.
: double ( n -- 2n ) dup + ;
: quad ( n -- 4n ) double double double drop ;
\ A DOES> word's child.
: konst ( n "name" -- ) create , does> ( -- n ) @ ;
5 konst five
: two-fives ( -- n n ) five ;
\ A float comment with `F:` is checked on the float stack.
: fsq ( F: r -- r*r ) fdup fdup f* ;
: fpair ( F: -- r1 r2 ) 1e ;
\ Two wrong comments from public programs: a string taken and a flag left,
\ and three items taken where two are named.
: skip-string ( c-addr u -- )  drop 0 ;
: between ( a1 a2 -- n )  rot - swap - ;
