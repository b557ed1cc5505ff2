\ The view after ` ok` shows at most the top ten cells, after the depth;
\ .S shows them all.
: count-up ( n -- 0 1 ... n-1 ) 0 ?do i loop ;
15 count-up
.s
\ CLEARSTACK empties the data stack.
clearstack
\ CLEAR empties both stacks; CLEARSTACK (gforth) the data stack only.
1 2 1e 2e clear
3 3e clearstack
