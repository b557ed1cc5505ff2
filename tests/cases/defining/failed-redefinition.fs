\ A redefinition is noted when it is made, at `;`: one that fails
\ leaves the old word in place and says nothing of redefining it.
: cube ( n -- n^3 ) dup dup * * ;
: cube dpu dup * * ;
3 cube .
: cube ( n -- n^3 ) dup dup * * ;
2 cube .
5 constant five
5 constant five
