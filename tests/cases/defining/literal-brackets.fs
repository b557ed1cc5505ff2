: five [ 2 3 + ] literal ;
five
