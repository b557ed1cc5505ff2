\ gforth's typed locals: w: a cell, d: a double (two cells), f: a float, c: a character
: dsum { d: a d: b -- d } a b d+ ;
1000000000000. 2345. dsum d.
: mix { w: n d: big f: r -- } n . big d. r f. ;
7 123456789. 2.5e mix
\ floats come from the FP stack whatever their place in the list
: fl-order { f: x a f: y b } x f. a . y f. b . ;
1e 2 3e 4 fl-order
\ TO works on every kind; a c: local keeps only the low byte
: setall { a d: b f: c c: ch } 5 to a 7. to b 1.5e to c 300 to ch a . b d. c f. ch . ;
1 2. 3e 65 setall
: low { c: ch } ch . ;
321 low
\ uninitialised typed locals after |, and the same in {: :}
: later {: n | d: acc f: avg :} 0. to acc n s>d acc d+ to acc acc d. 1e to avg avg f. ;
42 later
see mix
see setall
