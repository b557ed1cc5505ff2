10 20 30 2 pick
3 roll
