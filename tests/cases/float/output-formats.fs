\ F. fixed, FE. engineering, FS. scientific, with PRECISION digits.
1e 3e f/ f.
2e fsqrt fe.
1e100 fs.
123.456e f. 1e20 f. 1e-5 f. 100e f.
1e fe. 10e fe. 100e fe. 1000e fe. 1e-7 fe. 0.001e fe.
1234.5e fs. 0e fs. -1.5e fs.
