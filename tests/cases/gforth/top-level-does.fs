\ CREATE ... DOES> outside a definition, as gforth allows
create counter 0 , does> 1 over +! @ ;
counter . counter . counter .
create greeting 3 , does> @ 0 ?do ." hi " loop ;
greeting
variable v
v does> @ ;
