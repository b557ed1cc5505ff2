\ FCONSTANT, and FVALUE changed by TO (interpreted and compiled).
2.5e fconstant half-five
half-five f.
see half-five
1.5e fvalue rate
rate f.
4.25e to rate rate f.
: set-rate ( F: r -- ) to rate ;
7e set-rate rate f.
see rate
: bump 1e +to rate ;
