\ Comparisons leave flags on the data stack.
1e 2e f< . 2e 1e f< . 1e 1e f< .
1e 1e f= . 1e 2e f<> . 2e 1e f> . 1e 1e f<= . 1e 2e f>= .
0e f0= . -1e f0< . 1e f0> . 1e f0<> . 0e f0<= . 0e f0>= .
