\ Word lists: WORDLIST, SET-CURRENT, SET-ORDER, SEARCH-WORDLIST, VOCABULARY.
wordlist constant english
wordlist constant french
get-current english set-current
: greet ." hello" ;
french set-current
: greet ." bonjour" ;
set-current
get-order english swap 1+ set-order greet cr
get-order nip french swap set-order greet cr
previous
s" greet" english search-wordlist . execute cr
s" nothing" english search-wordlist . cr
vocabulary tools  also tools definitions
: helper ." from tools" ;
previous definitions
also tools helper previous cr
