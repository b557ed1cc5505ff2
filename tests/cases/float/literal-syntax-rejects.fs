\ Not floats: no digit, two markers, a fraction in the exponent.
e
-e
1ee
1.5e3.2
1d
