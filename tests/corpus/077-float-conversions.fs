\ Converting between integers and floats: S>F F>S D>F F>D FROUND FLOOR FTRUNC.
7 s>f 2e f/ f. 7 s>f 2e f/ f>s . cr
-7 s>f 2e f/ f>s . cr
2.5e fround f. 3.5e fround f. -2.5e fround f. 2.7e floor f. -2.7e floor f. cr
2.7e ftrunc f. -2.7e ftrunc f. cr
123456789. d>f f. 1e15 f>d d. cr
