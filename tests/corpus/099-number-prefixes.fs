\ gforth number syntax: $hex 0xhex %binary #decimal &decimal 'c' and doubles.
$1F . 0x1F . %101 . #99 . &17 . cr
'A' . 'z' . '0' . cr
-$10 . $-10 . -0x10 . %-11 . cr
123. d. -5. d. $ff. d. 1.000.000 d. cr
hex 10 . #10 . %10 . decimal cr
: lits $FF 0xff %11111111 'a' ;
lits . . . . cr
