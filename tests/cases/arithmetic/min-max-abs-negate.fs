3 9 min 3 9 max -4 abs 5 negate
