variable f f on f @ f off f @
1 2 3 under+ 5 10 bounds
cell
