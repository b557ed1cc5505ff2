\ Forth-2012 {: a b -- c :} locals.
\ gforth 0.7.3 predates Forth-2012 {: ... :} locals; where the system lacks
\ them, build them from gforth's own { ... } (names after | start at 0).
[undefined] {: [if]
  create {:buf 256 allot  variable {:len  variable {:zeros  variable {:bar
  : {:+ ( a u -- ) tuck {:buf {:len @ + swap move {:len +! ;
  : {: ( "names :}" -- )
    s" { " {:buf swap move 2 {:len !  0 {:zeros !  {:bar off
    begin parse-name 2dup s" :}" compare while
      2dup s" |" compare 0= if 2drop {:bar on else
        2dup s" --" compare 0= if {:bar off then
        {:+ s"  " {:+  {:bar @ if 1 {:zeros +! then
      then
    repeat 2drop  s" }" {:+
    {:zeros @ 0 ?do s" 0" evaluate loop
    {:buf {:len @ evaluate ; immediate
[then]
: hyp2 {: a b -- c :} a a * b b * + ;
3 4 hyp2 . 5 12 hyp2 . cr
: between? {: n lo hi -- f :} n lo >= n hi <= and ;
5 1 10 between? . 0 1 10 between? . 10 1 10 between? . cr
: mix {: x y z :} x 100 * y 10 * + z + ;
1 2 3 mix . cr
: avg3 {: a b c -- avg :} a b + c + 3 / ;
3 6 9 avg3 . 10 10 11 avg3 . cr
