[defined] dup [if] ." has dup" [else] ." no dup" [then]
[undefined] frob [if] ." no frob" [then]
0 [if] 1 [if] nested [then] skipped [else] ." else part" [then]
