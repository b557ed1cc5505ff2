\ A linked list in allocated memory: push, traverse, reverse, free.
0 value head
: node ( n next -- addr ) 2 cells allocate throw tuck ! tuck cell+ ! ;
: push ( n -- ) head node to head ;
: .list ( -- ) head begin ?dup while dup cell+ @ . @ repeat cr ;
: reverse ( -- ) 0 head begin ?dup while dup @ >r tuck ! r> repeat to head ;
: free-list head begin ?dup while dup @ swap free throw repeat 0 to head ;
: length ( -- n ) 0 head begin ?dup while swap 1+ swap @ repeat ;
1 push 2 push 3 push 4 push
.list reverse .list length . cr
free-list length . cr
