\ A name that a word parses (SEE, ', ['], TO, IS, POSTPONE, TRACE) and
\ cannot find: the caret goes under the name, and "did you mean" looks for
\ words like the name.
: square ( n -- n*n ) dup * ;
see sqaure
' sqaure
: t ['] sqaure ;
trace sqaure
5 to sqaure
\ Swapped or doubled letters: the closest word comes first.
swpa
dupp
