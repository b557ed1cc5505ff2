\ REPRESENT: the digits and exponent of a float, formatted by hand.
create digits 10 allot
: show ( f -- ) digits 6 represent ." digits=" digits 6 type ."  exp=" rot . ." neg=" swap . ." ok=" . cr ;
3.14159e show
-0.00125e show
1e show
123456789e show
