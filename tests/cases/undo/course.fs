\ A check replays the session's lines: a line taken back with undo is not
\ replayed. Here the right cube is defined, then a wrong one that undo
\ takes back: the check sees only the right one and passes.
learn 2
: cube ( n -- n^3 ) dup dup * * ;
: cube ( n -- n^3 ) dup * ;
undo
check
