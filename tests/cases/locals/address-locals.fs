\ gforth's address locals (w^ c^) are refused as unsupported (-21), not as a
\ control structure mismatch; the definition is dropped
: addr { w^ a } a @ ;
: caddr { c^ c } c c@ ;
\ what to write instead: a variable
variable cnt
: bump ( -- ) 1 cnt +! ;
bump bump cnt @ .
