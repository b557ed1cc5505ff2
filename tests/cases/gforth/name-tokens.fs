\ TRAVERSE-WORDLIST, NAME>STRING, NAME>INTERPRET, NAME>COMPILE: a name token is the xt
wordlist constant colours
get-current colours set-current
: red ; : green ; : blue ;
set-current
: show ( nt -- flag ) name>string type space true ;
' show colours traverse-wordlist
: first-only ( nt -- flag ) name>string type false ;
' first-only colours traverse-wordlist
: count-them ( n nt -- n+1 flag ) drop 1+ true ;
0 ' count-them colours traverse-wordlist .
' dup name>interpret ' dup = .
' if name>interpret .
: t [ ' dup name>compile execute ] ; 3 t . .
' if name>compile ' execute = . drop
12345678 name>string
