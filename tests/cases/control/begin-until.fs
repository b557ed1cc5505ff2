: countdown ( n -- ) begin dup . 1- dup 0= until drop ;
3 countdown
