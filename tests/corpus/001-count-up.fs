\ Counted loops: DO LOOP, nested loops, and a multiplication table.
: count-up ( n -- )  0 do i . loop cr ;
10 count-up
: mul-table ( n -- )
  1+ 1 do
    cr  11 1 do  i j * 4 .r  loop
  loop ;
5 mul-table cr
bye
