\ A word that hides a built-in word of another word list (the games')
\ says so: code compiled from then on gets the new one.
3 constant Stone
Stone .
: Cloth ( -- n ) 7 ;
\ A name that collides with nothing, or a word of its own word list
\ redefined, gets no such note.
3 constant Players
: dup ( x -- x x ) dup ;
