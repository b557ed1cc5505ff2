\ gforth's number prefixes and doubles with a dot inside
0x1F . 0X1f . -0x10 . $1F . &123 . #123 . %101 .
'c' . 'c . -'a' .
123.4 d. 12.3.4 d. -1.2 d. 0x1.F d. 1. d.
hex 10 &10 . . decimal
.5
1..2
