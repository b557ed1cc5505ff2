\ CASE OF ENDOF ENDCASE with a default branch.
: day ( n -- )
  case
    0 of ." Sunday" endof
    1 of ." Monday" endof
    2 of ." Tuesday" endof
    3 of ." Wednesday" endof
    4 of ." Thursday" endof
    5 of ." Friday" endof
    6 of ." Saturday" endof
    ." day#" dup .
  endcase ;
: week 8 0 do i day cr loop ;
week
: classify ( c -- )
  case
    [char] a of ." vowel " endof
    [char] e of ." vowel " endof
    [char] i of ." vowel " endof
    [char] o of ." vowel " endof
    [char] u of ." vowel " endof
    bl of ." space " endof
    ." other "
  endcase ;
: scan-word ( addr u -- ) bounds ?do i c@ classify loop cr ;
s" hi you" scan-word
