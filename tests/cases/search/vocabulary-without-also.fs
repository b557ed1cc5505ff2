\ Starting Forth's idiom: a vocabulary word replaces FORTH, the first word list,
\ yet FORTH stays below it (FORTH is there twice at start-up, as in gforth)
order
vocabulary editor
editor definitions
order
: blank-line ( -- ) ." (a blank line)" ;
blank-line 2 3 + .
forth order
blank-line
editor blank-line
\ the game words stay in reach: FORTH, then the game words, then root
[defined] compete .
forth definitions order
