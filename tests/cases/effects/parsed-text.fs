\ Parsed (or printed) text is no item: `"name"`, and gforth's `<text>`,
\ `<name>`.
: skip-line ( -- <text> )  10 parse 2drop ;
: named ( "name" -- )  create ;
: known? ( <name> -- flag )  bl word find nip 0<> ;
skip-line this is skipped
known? dup .
\ Wrong: the name is parsed, and the code leaves what `parse-name` gave.
: take-name ( "name" -- )  parse-name ;
