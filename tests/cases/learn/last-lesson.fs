\ The last lesson, passed, and nothing after it.
learn 12
: judge ( guess secret -- right? ) 2dup < if 2drop ." Too small" false exit then 2dup > if 2drop ." Too big" false exit then 2drop ." Right!" true ;
variable secret
: guess ( n -- ) secret @ judge drop ;
50 secret !  70 guess
check
next-lesson
