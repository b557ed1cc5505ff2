\ Text after `;` is a note, or the effect of the word a defining word
\ makes (gforth's and FFL's style): only what comes before it is checked.
: sets ( n -- ; one cell per set )  cells allot ;
: keycode ( u1 "name" -- u2 ; name execution: -- u )  dup constant 1+ ;
: counter ( "<spaces>name" -- ; -- a-addr = a counter in the dictionary )  create 0 , ;
\ Wrong before the `;`: still said.
: sets2 ( n -- ; one cell per set )  cells ;
