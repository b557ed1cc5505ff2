\ Locals mixed with DO loops, I and J, and BEGIN loops.
: grid-table { rows cols -- } rows 0 do cols 0 do i j * 3 .r loop cr loop ;
4 5 grid-table
: count-down { n -- } begin n while n . n 1- to n repeat ." liftoff" cr ;
5 count-down
: bubble { addr n -- }
  n 1 ?do n i - 0 do
    addr i cells + { p } p @ p cell+ @ > if p @ p cell+ @ p ! p cell+ ! then
  loop loop ;
create data 5 , 3 , 9 , 1 , 7 , 2 ,
data 6 bubble
: .data 6 0 do data i cells + @ . loop cr ;
.data
