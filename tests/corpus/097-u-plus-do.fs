\ gforth loop words: +DO U+DO -DO U-DO and -LOOP.
: up ( n -- ) 0 +do i . loop cr ;
: uup ( u -- ) 0 u+do i . loop cr ;
: down ( n -- ) 0 swap -do i . 1 -loop cr ;
: udown ( u -- ) 0 swap u-do i . 1 -loop cr ;
5 up 0 up -3 up
4 uup
5 down 0 down
3 udown
: evens-down 0 20 -do i . 4 -loop cr ;
evens-down
