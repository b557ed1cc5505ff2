\ stdin: ab
\ stdin: line one\n
\ At the end of input KEY gives 4 (EOT, Ctrl-D's code, gforth's #eof) each
\ time, as gforth's does; ACCEPT ends the program quietly with status 0.
\ (At a terminal, Ctrl-D on an empty line makes ACCEPT give 0 instead.)
key emit key emit
create buf 80 allot
buf 80 accept buf swap type
key . key . #eof .
: lines ( -- ) begin buf 80 accept dup while buf swap type repeat drop ." never" ;
lines
." not reached"
