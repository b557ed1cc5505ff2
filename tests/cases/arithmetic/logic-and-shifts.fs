5 3 and 5 3 or 5 3 xor 0 invert
1 10 lshift -1 60 rshift -8 2/
