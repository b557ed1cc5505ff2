\ Too few floats: the float stack and the data stack are both shown (and a float word failing otherwise shows its floats).
7 8 f+
7 2.5e fover
1e 1 f!
