: name ( n -- ) case 1 of ." one" endof 2 of ." two" endof ." many" endcase ;
1 name 2 name 7 name
