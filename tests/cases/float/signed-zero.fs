\ Positive and negative zero: equal by F=, told apart by F~ with 0e.
0e -0e f= .
0e -0e 0e f~ .
0e 0e 0e f~ .
-0e f0= .
-0e f0< .
-0e f.
1e -0e f/ f.
