\ "did you mean" offers only names that keep most of what was typed;
\ a name like no word says how to define it.
sq
print
.big
dpu
swp
3 4 sq
: sq ( n -- n*n ) dup * ;
3 sq .
