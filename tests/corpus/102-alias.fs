\ gforth ALIAS: another name for an existing word.
' dup alias twin
' + alias plus
' . alias print
5 twin plus print cr
: square twin * ;
7 square print cr
' emit alias put
72 put 105 put cr
