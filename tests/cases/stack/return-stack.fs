: r-demo ( a b -- b a ) >r >r r> r> ;
1 2 r-demo
: r-peek 7 >r r@ r> + ;
r-peek
