\ What typed locals refuse
: addr { w^ a } a @ ;
: plus { d: a } 1. +to a ;
: dangling { a d: } a ;
\ CASE joins branches: locals between CASE and OF would not match
: sel case { x } 1 of x endof endcase ;
\ a f: local with nothing on the FP stack
: fl { f: r } r f. ;
fl
