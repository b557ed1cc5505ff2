\ Locals declared inside IF, DO and BEGIN last to the end of that structure
: grid { rows cols -- } rows 0 do i { r } cols 0 do r i * 3 .r loop cr loop ;
3 4 grid
: choose { a } a if 7 { b } b . else 8 { c } c . then a . ;
0 choose 1 choose
: countdown { n } begin n { m } m . n 1- to n n 0= until ." done" ;
3 countdown
: halves { n } begin n { m } m while m . n 2/ to n repeat ." zero" ;
20 halves
\ the frame is exact at LEAVE, UNLOOP EXIT, EXIT and THROW
: find3 ( -- ) 10 0 do i { k } k 3 = if leave then k . loop ." left" ;
find3
: first-big ( -- n ) 10 0 do i { k } k 5 > if k unloop exit then loop -1 ;
first-big . 
: deep { a } a 0 do i { k } k 2 = if k throw then loop a ;
: try 9 ['] deep catch nip ;
try . depth .
: after { a } 3 0 do i { k } loop a ;
11 after .
\ after the structure its locals are gone
: gone { a } a if 1 { b } then b ;
see choose
see halves
