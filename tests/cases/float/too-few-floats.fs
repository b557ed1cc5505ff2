\ Too few floats: the float stack and the data stack are both shown.
7 8 f+
7 2.5e fover
