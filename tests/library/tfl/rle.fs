\ tfl/rle.fs -- run-length compression in the PackBits format: a header
\ byte h then, for h in 0..127, h+1 bytes as they are; for h in 129..255,
\ one byte repeated 257-h times (h = 128 is skipped).
\
\   rle-pack   ( c-addr1 u1 c-addr2 -- c-addr2 u2 )  at most u1 + u1/128 + 1 bytes
\   rle-unpack ( c-addr1 u1 c-addr2 u2 -- c-addr2 u3 )  u2 is the room;
\                                   throws rle.err-input, rle.err-room

require config.fs

[undefined] rle.version [if]

100 constant rle.version

s" not PackBits data" exception constant rle.err-input        ( -- n )
s" no room for the unpacked data" exception constant rle.err-room ( -- n )

128 constant rle.max-run   \ longest run or literal one header covers

: rle.run ( c-addr u -- n ) \ how often the first byte repeats, 128 at most
  rle.max-run min  {: c-addr u :}
  u 0= if  0 exit  then
  u 1 ?do
    c-addr i chars + c@  c-addr c@ <> if  i unloop exit  then
  loop  u ;

variable rle.out       \ where the next packed byte goes
variable rle.lit       \ the literal bytes waiting to be written
variable rle.#lit      \ how many

: rle.c, ( char -- )  rle.out @ c!  1 chars rle.out +! ;

: rle.flush ( -- ) \ write the waiting literal bytes
  rle.#lit @ 0= if  exit  then
  rle.#lit @ 1- rle.c,
  rle.lit @  rle.out @  rle.#lit @ chars  move
  rle.#lit @ chars rle.out +!
  0 rle.#lit ! ;

: rle-pack ( c-addr1 u1 c-addr2 -- c-addr2 u2 )
  dup rle.out !  0 rle.#lit !  -rot
  begin  dup  while                           ( dst src len )
    2dup rle.run  dup 3 >= if
      rle.flush
      257 over - rle.c,  2 pick c@ rle.c,
    else
      drop  rle.#lit @ 0= if  over rle.lit !  then
      1 rle.#lit +!
      rle.#lit @ rle.max-run = if  rle.flush  then
      1
    then  /string
  repeat 2drop
  rle.flush
  rle.out @ over - ;

: rle-unpack ( c-addr1 u1 c-addr2 u2 -- c-addr2 u3 )
  {: src len dst room | out n :}
  dst to out
  begin  len  while
    src c@  src char+ to src  len 1- to len
    dup 128 < if
      1+ to n
      n len > if  rle.err-input throw  then
      out n + dst room + > if  rle.err-room throw  then
      src out n chars move
      src n chars + to src  len n - to len  out n chars + to out
    else dup 128 > if
      257 swap - to n
      len 0= if  rle.err-input throw  then
      out n + dst room + > if  rle.err-room throw  then
      out n src c@ fill
      src char+ to src  len 1- to len  out n chars + to out
    else
      drop
    then then
  repeat
  dst out dst - ;

[then]
