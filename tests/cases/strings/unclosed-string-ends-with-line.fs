\ A string no `"` closes ends with its line, as the standard reads it,
\ and a note names the missing `"`; the next lines are code again.
." unclosed
: hi ." hello ;
;
hi
see hi
\ An error later in that definition names the missing `"` first.
: greet ." welcome ;
greet
s" abc
type
