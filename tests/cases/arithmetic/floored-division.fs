-7 2 / -7 2 mod
7 -2 /mod
