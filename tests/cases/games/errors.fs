create b 64 allot  b 64 erase
b 10 3 flip
b 64 1 flips
5 b c!  b 1 legal-moves
0 1 legal-moves
-1 lowest-bit  0 lowest-bit  %10100 lowest-bit  -1 bit-count
