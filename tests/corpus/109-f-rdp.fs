\ gforth's F.RDP and F>STR-RDP: fixed width float output.
1e 3e f/ 8 4 0 f.rdp cr
12345.678e 10 2 0 f.rdp cr
-2.5e 8 3 0 f.rdp cr
: money ( F: x -- ) 10 2 0 f.rdp ;
19.999e money 0.5e money 1234567.891e money cr
2e fsqrt 12 6 0 f>str-rdp type cr
