\ $+! appends to a string kept with $! (an empty variable starts one).
variable s
s" ab" s $+!  s $@ type
s" cde" s $+!  s $@ type
\ FIND-NAME gives a word's name token, or 0.
s" DUP" find-name name>string type
s" no-such-word" find-name .
\ >ORDER puts a word list first and keeps the rest.
: #order ( -- n ) get-order dup >r 0 ?do drop loop r> ;
#order .  wordlist >order  #order .  previous #order .
: first-wid ( -- wid ) get-order over >r 0 ?do drop loop r> ;
wordlist constant extra  extra >order  first-wid extra = .  previous first-wid extra = .
