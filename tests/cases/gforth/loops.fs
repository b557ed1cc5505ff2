\ gforth's counted loops: +DO U+DO skip unless start < limit; -DO U-DO count down with -LOOP
: up ( limit start -- ) +do i . loop ;
10 7 up  7 10 up  5 5 up
: up3 ( limit start -- ) u+do i . 3 +loop ;
10 0 up3
: down ( limit start -- ) -do i . 1 -loop ;
5 10 down  10 5 down  10 10 down
: down2 ( limit start -- ) u-do i . 2 -loop ;
0 10 down2
