\ A program's own `check` or `hint` simply replaces the course's.
: check ( n -- flag ) 0> ;
5 check .
learn 1
hint
solution
