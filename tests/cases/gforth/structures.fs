\ gforth's structures: a type is ( align size ); FIELD aligns each field
struct
  char% field n.tag
  cell% field n.next
  double% field n.sum
  float% field n.x
end-struct node%
node% . .
0 n.tag .  0 n.next .  0 n.sum .  0 n.x .
node% %size .  node% %alignment .
\ an array of fields: multiply the size, the alignment stays
struct cell% 3 * field t.cells char% field t.c end-struct triple%
triple% . .
\ %allot aligns HERE, reserves the size and gives the address
1 c,  node% %allot  dup aligned = .
node% %alloc  42 over n.next !  n.next @ .
node% %allocate . free .
sfloat% . .  dfloat% . .
13 8 naligned .  16 8 naligned .
