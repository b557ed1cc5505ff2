: upto5 ( -- n ) 0 begin 1+ dup 5 = if exit then again ;
upto5
