bl word   spaced count type
