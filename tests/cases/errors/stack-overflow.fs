: fill-up begin 1 again ;
fill-up
