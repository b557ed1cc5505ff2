\ What the learner left behind (a definition that failed half-way, a
\ changed base, a stack of junk) does not spoil the check: each check
\ starts clean, in decimal, with the learner's words.
learn stack-words
: cube ( n -- n^3 ) dup dup * * ;
: broken ( n -- ) dup nosuchword ;
hex 1 2 3
check
