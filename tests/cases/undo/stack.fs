\ A wrong word empties the stack; undo brings it back. Lines that change
\ nothing (.s) go back with the line before them.
1 2 3
drop drop
.s
undo
2 3 frobnicate
undo
1.5e 2.5e
fdrop
undo
