\ A word may take off the return stack only what it put there itself.
: g ( -- ) 7 >r exit ;
g
: early ( -- ) 10 0 do i 5 = if exit then loop ;
early
: my-r'@ ( -- x ) r> r> r@ swap >r swap >r ;
: t ( -- x ) 5 >r my-r'@ r> drop ;
t
: show ( -- ) i . ;
: each ( -- ) 3 0 do show loop ;
each
: fine ( -- ) 10 0 do i 5 = if unloop exit then loop ;
fine
: y ( -- ) 3 >r r@ . r> . ;
y
1 >r r> .
: leaky ( -- ) 1 2 2>r ;
leaky
