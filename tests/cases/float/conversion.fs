\ Between integers and floats.
7 s>f f.
-7 s>f f.
1.5e f>s . -1.5e f>s .
12345678901234567890. d>f f.
1e20 f>d d.
-2.9e f>d d.
