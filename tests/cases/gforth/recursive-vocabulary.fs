\ recursive lets a word call itself by name; vocabulary makes a named word list
: fact ( n -- n! ) recursive dup 2 < if drop 1 else dup 1- fact * then ;
10 fact .
: outside recursive ;
outside
vocabulary tools
also tools definitions
: helper ." from tools" ;
order
previous definitions
also tools helper previous
helper
