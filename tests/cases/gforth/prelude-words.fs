\ gforth words written in Forth in the prelude, as gforth 0.7.3 prints them.
1 2 3 4 2nip .s 2drop
1 2 3 4 2tuck .s 2drop 2drop 2drop
1. 2. d> .  2. 1. d> .  0. d0<= .  -1. d0<= .  1. d0<= .
10. 3 ud/mod .s 2drop drop
create b 4 allot  $ffff b w!  b sw@ .  $7fff b w!  b sw@ .  $ffffffff b l!  b sl@ .
\ ctrl: upper case, bit 6 flipped; inside a definition it compiles the number
ctrl a .  ctrl A .  ctrl ? .  ctrl [ .
: bell-key ( -- c ) ctrl g ;  bell-key .
s" dup" find-name name>int ' dup = .
