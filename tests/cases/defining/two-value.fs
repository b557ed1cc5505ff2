3 5 2value pair
pair
7 9 to pair pair
: swap-pair pair swap to pair ; swap-pair pair
