\ `warnings off` silences the stack-comment warnings and the redefinition
\ notes; `warnings on` brings them back. WARNINGS is a variable.
warnings @ .
warnings off
: oops ( -- ) 1 ;
: oops ( -- ) 2 ;
warnings on
: oops ( -- ) 3 ;
