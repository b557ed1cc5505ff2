\ More of gforth's words that programs use.
\ CURRENT: the variable behind GET-CURRENT and SET-CURRENT.
current @ get-current = .
wordlist constant mine  mine current !  get-current mine = .
: in-mine ( -- ) ." in mine" ;
forth-wordlist current !  mine >order in-mine previous
\ !CSP and ?CSP: a check that the stack is as deep as it was.
: balanced ( -- ) !csp 1 2 + drop ?csp ;  balanced
: unbalanced ( -- n1 n2 ) !csp 1 2 ?csp ;  unbalanced
\ MEM, copies bytes to HERE; LASTXT is the newest definition's xt.
here s" abc" mem, 3 type
: hello ( -- ) ." hello" ;  lastxt execute
\ XEMIT prints a code point in UTF-8; #BELL and #TAB are characters.
955 xemit 8364 xemit 65 xemit
#bell . #tab . #lf . #cr . #esc .
-1 xemit
\ SNUMBER? reads a number as the interpreter does.
s" 42" snumber? . .  s" -1.50" snumber? . d.  s" $ff" snumber? . .  s" x1" snumber? .
\ I' is the limit of the innermost DO loop; R'@ the second return-stack cell.
: limits ( -- ) 7 4 do i' . loop ;  limits
: second ( -- x ) 1 2 2>r r'@ 2r> 2drop ;  second .
\ FORM: rows and columns (24 80 when the output is no terminal); CPUTIME: microseconds.
form . .
cputime d+ d0< .
