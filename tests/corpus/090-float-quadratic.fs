\ Solving quadratic equations a*x^2 + b*x + c = 0 with variables.
fvariable a fvariable b fvariable c
: disc ( -- f ) b f@ fdup f* 4e a f@ f* c f@ f* f- ;
: solve ( F: a b c -- ) c f! b f! a f!
  disc fdup f0< if fdrop ." no real roots" cr exit then
  fsqrt fdup b f@ fnegate f+ 2e a f@ f* f/ f.
  fnegate b f@ f- 2e a f@ f* f/ f. cr ;
1e -3e 2e solve
1e 2e 1e solve
1e 0e 1e solve
2e -4e -6e solve
