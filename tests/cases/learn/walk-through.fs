\ A learner opens lesson 2, tries a wrong answer, asks for the hint,
\ fixes the word, and goes on.
learn 2
: cube ( n -- n^3 ) dup * ;
check
hint
: cube ( n -- n^3 ) dup dup * * ;
check
next-lesson
lessons
