\ Parsing words: PARSE-NAME, PARSE, WORD, and defining words that parse.
: say ( "text" -- ) [char] " parse type cr ;
say hello from parse"
: next-word ( "name" -- ) parse-name ." [" type ." ]" ;
next-word alpha next-word beta cr
: upto-semicolon [char] ; word count type cr ;
upto-semicolon counted via word;
: greet-named ( "name" -- ) >in @ create >in ! parse-name dup c, here swap dup allot move does> ." hello " count type cr ;
greet-named alice
greet-named carol
carol
alice
