\ In a file, as the standard says, DO works only inside a definition:
10 0 do i . loop
\ ... unless the file opts in, as the REPL does for typed lines.
true prompt-control
cr 5 0 do i . loop
cr 3 0 > if ." yes" else ." no" then
cr 3 begin dup . 1- dup 0= until drop
cr 2 case 1 of ." one" endof 2 of ." two" endof ." many" endcase
\ Nested, and across lines:
cr 3 0 do
  i 2 mod if ." odd " else ." even " then
loop
\ An error inside runs the usual way, and nothing is left behind.
cr 5 0 do i . i 2 = if 1 0 / then loop
cr .s depth .
\ A definition cannot start inside one:
1 if : x ;
false prompt-control
1 if ." no" then
