\ [IF] [ELSE] [THEN], [DEFINED] [UNDEFINED], and STATE.
1 [if] .( one is true) [else] .( never) [then] cr
0 [if] .( never) [else] .( zero is false) [then] cr
[defined] dup [if] .( dup exists) [then] cr
[undefined] no-such-word [if] .( no-such-word is missing) [then] cr
[undefined] square [if] : square dup * ; [then]
5 square . cr
: compiling? state @ 0<> ; immediate
: report [ state @ ] literal . ;
report cr
1 [if] 2 [if] .( nested) [else] .( bad) [then] [else] .( bad) [then] cr
