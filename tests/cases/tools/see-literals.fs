\ SEE shows literals as they were typed when they read back the same.
: nums ( -- ) -1 $ff 'x' %101 123. -5. 1e 2.5e-3 ;
see nums
\ Compiled by LITERAL: SEE shows the number in the current BASE.
: twenty ( -- n ) [ 20 ] literal ;
see twenty
hex see twenty decimal
\ Strings: with a quote or a control character, the escaped form.
: strs ( -- ) s" plain" type s\" a\tb\n\"q\"\\" type .\" tab\there" ;
see strs
\ TO, +TO, IS and ACTION-OF on values and deferred words.
0 value v  1 2 2value w  1e fvalue fv  defer act
: setv ( -- ) 5 to v 3 +to v 7 8 to w 2.5e to fv ['] dup is act action-of act drop ;
see setv
