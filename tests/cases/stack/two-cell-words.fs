1 2 3 4 2swap
2over
2drop 2dup
