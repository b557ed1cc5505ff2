\ DEFER and IS: changing behaviour at run time.
defer greet
: hello ." Hello" ;
: bonjour ." Bonjour" ;
' hello is greet greet cr
' bonjour is greet greet cr
: twice-greet greet space greet cr ;
twice-greet
: set-english ['] hello is greet ;
set-english twice-greet
defer op
: apply ( a b -- c ) op ;
' + is op 3 4 apply . ' * is op 3 4 apply . ' max is op 3 4 apply . cr
