\ Float comparisons: F< F0= F0< F~ (absolute, relative, exact).
1e 2e f< . 2e 1e f< . 0e f0= . -1e f0< . 1e f0< . cr
0.1e 0.2e f+ 0.3e 0e f~ . cr
0.1e 0.2e f+ 0.3e 1e-9 f~ . cr
0.1e 0.2e f+ 0.3e -1e-9 f~ . cr
1e 1.5e 0.1e f~ . cr
2e 2e 0e f~ . cr
