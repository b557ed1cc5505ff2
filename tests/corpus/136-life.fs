\ Conway's Game of Life on a small wrapping grid: a glider moves.
8 constant w 6 constant h
create grid w h * allot create next-grid w h * allot
: cell@ ( x y -- f ) h + h mod w * swap w + w mod + grid + c@ ;
: neighbours ( x y -- n ) 0 -rot 2 -1 do 2 -1 do
    i j or if 2dup j + swap i + swap cell@ >r rot r> + -rot then loop loop 2drop ;
: step h 0 do w 0 do
    i j neighbours i j cell@ if dup 2 = swap 3 = or else 3 = then 1 and
    next-grid j w * i + + c! loop loop
  next-grid grid w h * move ;
: .grid h 0 do w 0 do i j cell@ if [char] # else [char] . then emit loop cr loop ;
grid w h * erase
: set ( x y -- ) w * + grid + 1 swap c! ;
1 0 set 2 1 set 0 2 set 1 2 set 2 2 set
.grid cr step step .grid cr step step .grid
