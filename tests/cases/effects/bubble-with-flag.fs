\ gforth's bubble.fs: a flag pushed before an inner DO loop, consumed by
\ IF LEAVE THEN in the outer one. The inferred effect is exact.
6 constant elements
create list 5 , 3 , 6 , 1 , 4 , 2 ,
: mybounds ( a n -- a+n a )  over + swap ;
: sorted ( -- )  elements 1 do -1 list elements i - cells mybounds do i 2@ > if i 2@ swap i 2! drop 0 then cell +loop if leave then loop ;
: show ( -- )  list elements cells mybounds do i ? cell +loop ;
sorted show
\ The benchmark's own `1 elements 1 do` leaves its 1 under the loop (gforth
\ 0.7.3 shows <1> 1 after it too): its `( -- )` is wrong, and said so.
: bubble-with-flag ( -- )  1 elements 1 do -1 list elements i - cells mybounds do i 2@ > if i 2@ swap i 2! drop 0 then cell +loop if leave then loop ;
bubble-with-flag .s drop
: no-comment  elements 1 do -1 list elements i - cells mybounds do i 2@ > if i 2@ swap i 2! drop 0 then cell +loop if leave then loop ;
see no-comment
