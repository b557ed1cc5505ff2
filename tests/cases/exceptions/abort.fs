1 2 abort
