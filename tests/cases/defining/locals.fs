: diff {: a b -- d :} a b - ;
10 3 diff
: sum3 {: a b c | t :} a b + to t t c + ;
1 2 3 sum3
