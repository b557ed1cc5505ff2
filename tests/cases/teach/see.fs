: loops ( n -- ) 0 ?do i . loop  10 0 do i . 2 +loop  3 0 do i 1 = if leave then loop ;
see loops
: waits ( n -- ) begin 1- dup 0= until drop  begin dup while 1- repeat drop  begin again ;
see waits
: texts ( -- ) s" hi" type ." there" 1 abort" oops" ;
see texts
: counter ( n -- ) create , does> @ ;
see counter
5 value v  see v  defer d  see d
: name ( n -- ) case 1 of ." one" endof 2 of ." two" endof ." many" endcase ;
see name
: sum3 {: a b c | t :} a b + to t t c + ;
see sum3
