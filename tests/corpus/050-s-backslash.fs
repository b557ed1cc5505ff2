\ S\" escapes: newline, tab, quote, backslash, hex.
s\" line one\nline two" type cr
s\" tab\there" type cr
s\" quote \" inside" type cr
s\" back\\slash" type cr
s\" hex \x41\x42\x43" type cr
s\" a\tb" nip . cr
: msg s\" in a \"definition\"\n" type ;
msg
