\ Names joined by `+ - * / ^ mod` are one item: `a^2 + b^2` is one result.
: sumsq ( a b -- a^2 + b^2 )  dup * swap dup * + ;
: twice ( n -- n * 2 )  2* ;
: rest ( a b -- a mod b )  mod ;
\ Wrong: one item left, not the two the code leaves.
: sumsq2 ( a b -- a^2 + b^2 )  dup * swap dup * ;
