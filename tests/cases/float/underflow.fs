\ An empty floating-point stack is -45; the data stack is not touched.
5 f.
.
3e 2e f+ f+
: t f* ;
1e t
