\ POSTPONE and IMMEDIATE: new control words and compile-time macros.
: unless ( flag -- ) postpone 0= postpone if ; immediate
: check ( n -- ) dup 0< unless ." non-negative " then . cr ;
5 check -5 check
: times ( n -- ) 0 postpone literal postpone ?do ; immediate
: end-times postpone loop ; immediate
: stars ( n -- ) times [char] * emit end-times cr ;
7 stars
: square-it postpone dup postpone * ; immediate
: fourth-power square-it square-it ;
3 fourth-power . cr
: compile-time-msg ." (compiling) " ; immediate
: uses-it compile-time-msg 1 . ;
cr uses-it cr
