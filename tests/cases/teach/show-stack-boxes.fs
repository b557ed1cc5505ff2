\ For the first lessons: the stack as a row of boxes, top on the right.
show-stack boxes
1 2 30
.s
+ -7
drop drop
\ Deep stacks show their top ten, after a … cell.
: many 12 0 do i loop ; many
clearstack
show-stack numbers
1 2
