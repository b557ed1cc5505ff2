\ tfl/sar.fs -- a sorted array of cells with binary search, in the order
\ of a compare word xt ( x1 x2 -- n ): n < 0 when x1 comes first, 0 when
\ they are equal, n > 0 when x2 comes first.
\
\   sar-new ( u xt -- sar )       sar-insert ( x sar -- )
\   sar-find ( x sar -- u flag )  u: where x is, or where it would go
\   cells-sort ( a-addr u xt -- ) sort an array of cells in place

require config.fs

[undefined] sar.version [if]

100 constant sar.version

s" sorted array is full" exception constant sar.err-full       ( -- n )
s" index outside the sorted array" exception constant sar.err-index ( -- n )

: sar-cmp-n ( n1 n2 -- n )  2dup < if  2drop -1  else  <>  1 and  then ;
: sar-cmp-u ( u1 u2 -- n )  2dup u< if  2drop -1  else  <>  1 and  then ;
: sar-cmp-str ( c-addr1 c-addr2 -- n ) \ counted strings
  >r count r> count compare ;

begin-structure sar%
  field: sar>size
  field: sar>length
  field: sar>compare
  field: sar>cells
end-structure

: sar-new ( u xt -- sar )
  sar% allocate throw  >r
  r@ sar>compare !  dup r@ sar>size !  0 r@ sar>length !
  cells allocate throw r@ sar>cells !
  r> ;

: sar-free ( sar -- )  dup sar>cells @ free throw  free throw ;
: sar-length ( sar -- u )  sar>length @ ;
: sar-clear ( sar -- )  0 swap sar>length ! ;

: sar.addr ( u sar -- a-addr )  sar>cells @ swap cells + ;

: sar-@ ( u sar -- x )
  2dup sar-length u< 0= if  sar.err-index throw  then
  sar.addr @ ;

: sar-find ( x sar -- u flag ) \ the first place holding x, if any
  {: x sar | lo hi mid :}
  sar sar-length to hi
  begin  lo hi <  while
    lo hi + 2/ to mid
    mid sar sar.addr @  x  sar sar>compare @ execute  0< if
      mid 1+ to lo
    else
      mid to hi
    then
  repeat
  lo  lo sar sar-length < if  lo sar sar.addr @ x sar sar>compare @ execute 0=  else  false  then ;

: sar.after ( x sar -- u ) \ the place after every element equal to x
  {: x sar | lo hi mid :}
  sar sar-length to hi
  begin  lo hi <  while
    lo hi + 2/ to mid
    x  mid sar sar.addr @  sar sar>compare @ execute  0< if
      mid to hi
    else
      mid 1+ to lo
    then
  repeat lo ;

: sar-insert ( x sar -- ) \ after the elements equal to it
  {: x sar | u :}
  sar sar-length  sar sar>size @ = if  sar.err-full throw  then
  x sar sar.after to u
  u sar sar.addr  dup cell+  sar sar-length u - cells  move   \ open a gap
  x  u sar sar.addr !
  1 sar sar>length +! ;

: sar-delete ( x sar -- flag ) \ the first element equal to x
  {: x sar | u :}
  x sar sar-find 0= if  drop false exit  then  to u
  u 1+ sar sar.addr  u sar sar.addr  sar sar-length u - 1- cells  move
  -1 sar sar>length +!  true ;

: sar-execute ( i*x xt sar -- j*x ) \ xt ( i*x x -- j*x ), in order
  dup sar>cells @ swap sar-length cells bounds ?do
    i @ swap dup >r execute r>
  1 cells +loop drop ;

: sar-execute-backward ( i*x xt sar -- j*x ) \ xt ( i*x x -- j*x ), last first
  dup sar-length 0= if  2drop exit  then
  dup sar>cells @ swap sar-length 1- cells over + do
    i @ swap dup >r execute r>
  [ -1 cells ] literal +loop drop ;

\ ---------------------------------------------------------------------
\ Sorting an array in place: insertion sort, stable

: cells-sort ( a-addr u xt -- )
  {: base u xt | x j :}
  u 1 max 1 ?do
    base i cells + @ to x
    i to j
    begin
      j 0>  if  base j 1- cells + @  x  xt execute  0>  else  false  then
    while
      base j 1- cells + @  base j cells + !
      j 1- to j
    repeat
    x  base j cells + !
  loop ;

[then]
