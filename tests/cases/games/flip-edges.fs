create b 64 allot  b 64 erase
: put ( color sq -- ) b + c! ;
\ Along the top edge: black a1, white b1, empty c1: black takes b1 by playing c1.
1 0 put  2 1 put
b 2 1 flip  b 1 + c@
\ A run may not wrap from the h-file to the a-file: white h1, black a2.
b 64 erase  2 7 put  1 8 put
b 6 1 flips
\ Nor from the bottom row to the top one.
b 64 erase  2 63 put  1 0 put
b 62 1 flips
