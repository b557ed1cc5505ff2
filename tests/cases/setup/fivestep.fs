\ setup checks its text and says what is wrong; a bad text leaves the
\ game's position as it was.
include examples/fivestep.fs
s" 1000200000000000000020001 1" setup 1 perft .
s" 100020000000000000002000 1" setup
s" 1000200000000000000020003 1" setup
s" 1000200000000000000020001 3" setup
s" 1000200000000000000020001x1" setup
1 perft .
