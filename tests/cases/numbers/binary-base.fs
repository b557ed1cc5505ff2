2 base ! 1010 decimal .
