1 2 quit 3
