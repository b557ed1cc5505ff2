\ ABORT" and ABORT caught with CATCH (codes -2 and -1).
: check ( n -- n ) dup 10 > abort" too big" ;
: guarded ( n -- ) ['] check catch ?dup if ." error " . drop else ." fine " . then cr ;
5 guarded 50 guarded
: bail abort ;
' bail catch . cr
: depth-kept 1 2 ['] bail catch . . . ;
depth-kept cr
