s" ab" pad place s" cd" pad +place pad count type
255 hex. 255 dec.
3 5 <= 5 3 >= -1 1 umin 0 0<= 0 0>= 1 2 u<= 2 1 u>=
: upto5 10 0 do i 5 = ?leave i . loop ;
upto5
: kk 2 0 do 2 0 do 2 0 do k . loop loop loop ;
kk
s" shown" stdout write-line
pad c@+ nip
