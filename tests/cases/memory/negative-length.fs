\ A length is unsigned, as the standard says: a negative one is a range
\ larger than memory, the same error (-9) for every word that takes one.
pad pad 8 + -1 move
pad -1 char x fill
pad -1 erase
pad -1 blank
pad pad -1 cmove
pad pad -1 cmove>
pad -1 type
pad -1 dump
\ A length of 0 is nothing to do.
pad pad 0 move  pad 0 char x fill  pad 0 type  pad pad 0 cmove
