create b 64 allot  b 64 erase
: put ( color sq -- ) b + c! ;
: .squares ( mask -- ) begin ?dup while dup lowest-bit . dup 1- and repeat ;
1 27 put  1 36 put  2 28 put  2 35 put
b 1 legal-moves .squares
b 2 legal-moves .squares
b 1 legal-moves bit-count
\ A pass position: black's only disc is cornered behind white's.
b 64 erase  2 0 put  1 1 put
b 1 legal-moves  b 2 legal-moves .squares
