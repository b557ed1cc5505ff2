\ undo is a whole line at the prompt: with other words, or inside a
\ definition, it is an error that says so; a user's own undo is theirs.
1 2 undo
: oops undo ;
oops
: undo ." my undo" ;
undo
