\ stdin: hello world\nsecond line\n
\ The standard streams work with the file words.
stdout flush-file .
s" to stderr" stderr write-line .
pad 5 stdin read-file . .
pad 5 type
pad 80 stdin read-line . . .
