\ f.rdp and f>str-rdp: a float in a fixed-width field, fixed-point or exponential or stars
1e 3e f/ 8 4 0 f.rdp
12345.678e 10 2 0 f.rdp
12345.678e 7 2 0 f.rdp
12345.678e 3 2 0 f.rdp
0.00123456e 12 2 1 f.rdp
-0.3e 3 1 0 f.rdp
1e 1 0 0 f.rdp
1e 0e f/ 8 2 0 f.rdp
2e fsqrt 12 6 0 f>str-rdp .s type
create buf 8 allot 2.5e buf 8 2 0 f>buf-rdp buf 8 type
1e 8 2 -1 f.rdp
