\ A lone `=` starts a description of the items, as the Forth Foundation
\ Library writes them: the items before it are checked.
variable crc
: crc-finish ( in -- out = Finish the calculation, return the result u )  crc @ xor invert ;
: crc-init ( -- = Start a calculation )  -1 crc ! ;
\ Wrong before the `=`: still said.
: crc-peek ( -- u = Return the calculation so far )  crc @ dup ;
