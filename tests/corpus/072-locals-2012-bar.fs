\ Forth-2012 {: a | tmp -- :} locals with uninitialised ones after |.
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
: digits-sum {: n | s -- s :} 0 to s begin n while n 10 mod s + to s n 10 / to n repeat s ;
9875 digits-sum . 0 digits-sum . cr
: fib {: n | a b t -- f :} 0 to a 1 to b n 0 ?do a b + to t b to a t to b loop a ;
10 fib . 50 fib . cr
: reverse3 {: a b c | t -- c b a :} a to t c b t ;
1 2 3 reverse3 . . . cr
