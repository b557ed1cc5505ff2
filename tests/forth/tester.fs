\ A small { ... -> ... } tester, written for playforth's test suite.
\ `{ code -> expected }` runs code and checks that it left exactly the
\ expected cells. Failures print the test's line; the counts are kept in
\ #passed and #failed, and `.results` prints them.

variable #passed
variable #failed
variable start-depth
variable result-depth
create results 64 cells allot

: testing ( "rest of line" -- )  postpone \ ;

: fail ( c-addr u -- )  type ." : " source type cr  1 #failed +! ;

: { ( -- )  depth start-depth ! ;

: -> ( i*x -- )
  depth start-depth @ -  dup result-depth !
  0 ?do  results i cells + !  loop ;

: drop-extra ( i*x -- )  depth start-depth @ - 0 max 0 ?do drop loop ;

: } ( i*x -- )
  depth start-depth @ -  result-depth @ <> if
    s" wrong number of results" fail  drop-extra exit
  then
  true  result-depth @ 0 ?do
    swap  results i cells + @ <> if drop false then
  loop
  if 1 #passed +! else s" incorrect result" fail then ;

: .results ( -- )
  ." passed: " #passed @ 0 .r ."  failed: " #failed @ 0 .r cr ;
