\ Floats in memory: F@ F! (8 bytes), SF@ SF! (4-byte singles), DF@ DF!.
fvariable x
2.5e x f! x f@ f.
create a 3 floats allot
1e a f! 2e a float+ f! 3e a 2 floats + f!
a f@ f. a float+ f@ f. a 2 floats + f@ f.
create s 2 sfloats allot
0.1e s sf! s sf@ f.
1.5e s sfloat+ sf! s sfloat+ sf@ f.
create d 1 dfloats allot
0.1e d df! d df@ f.
3 floats . 3 sfloats . 3 dfloats . 1 float+ 1 sfloat+ . .
5 faligned . 5 sfaligned . 9 dfaligned .
