\ Elementary functions (radians).
0e fsin f. 0e fcos f. pi 4e f/ ftan f.
1e fasin f. 1e facos f. 1e fatan f.
0.5e fsincos f. f.
1e fsinh f. 1e fcosh f. 1e ftanh f.
1e fasinh f. 2e facosh f. 0.5e fatanh f.
1e fexp f. 1e-10 fexpm1 fs. 1e fln f. 1e-10 flnp1 fs.
1000e flog f. 3e falog f.
