\ gforth's library files whose words are built in load nothing: these all succeed
require float.fs require glocals.fs require extend.fs require see.fs
require vt100.fs require environ.fs require errors.fs require search.fs
require random.fs 12345 seed ! 6 random 6 random 6 random .s
rnd .
require struct.fs
\ Another of gforth's library files, not built in: an error naming the file,
\ the ones that are built in, and where gforth keeps the others.
include matrix.fs
