\ test/tester.fs -- the tfl library's unit tester.
\
\   t{ 1 2 + -> 3 }t               results compared cell by cell
\   t{ 2e fsqrt -> }t  1.41421356e t-float  (floats: within 1e-9)
\   s" abc" s" abc" t-str          strings compared with COMPARE
\   t{ 1 ' word t-catch -> 42 }t   1 WORD throws 42 (whatever it leaves
\                                  on the stack is dropped)
\
\ A module's tests begin with  s" tXXX" t-begin  and end with  t-end,
\ which prints how many passed and failed; t-summary prints the totals of
\ every module run so far. A failed test prints its source line.

require ../tfl/config.fs

[undefined] t{ [if]

variable t.passed        \ in this module
variable t.failed
variable t.all-passed    \ in every module so far
variable t.all-failed
variable t.modules
0 t.all-passed !  0 t.all-failed !  0 t.modules !

create t.name 32 chars allot   \ the module's name, counted
variable t.depth                 \ depth at t{
variable t.count                 \ how many results -> saw
32 constant t.max-results
create t.results t.max-results cells allot

: t.pass ( -- )  1 t.passed +! ;

: t.fail ( c-addr u -- ) \ report a failure of the test on this line
  1 t.failed +!
  ." FAIL (" type ." ): " source type cr ;

: t.clear ( i*x -- ) \ drop what a failed test left
  begin depth t.depth @ > while drop repeat ;

: t-begin ( c-addr u -- )
  31 min  dup t.name c!  t.name char+ swap chars move
  0 t.passed !  0 t.failed !
  t.name count type ."  ..." cr ;

: t{ ( -- )  depth t.depth ! ;

: -> ( i*x -- )
  depth t.depth @ -  dup 0< if
    drop  s" stack underflow" t.fail  0 t.count !  exit
  then
  dup t.max-results > abort" too many results"
  dup t.count !
  0 ?do  t.results i cells + !  loop ;

: }t ( i*x -- )
  depth t.depth @ -  t.count @ <> if
    s" wrong number of results" t.fail  t.clear  exit
  then
  true  t.count @ 0 ?do
    swap  t.results i cells + @  <> if  drop false  then
  loop
  if  t.pass  else  s" incorrect result" t.fail  then ;

: t-float ( r1 r2 -- ) \ r1 (the result) is r2 within 1e-9
  1e-9 f~ if  t.pass  else  s" incorrect float" t.fail  then ;

: t-str ( c-addr1 u1 c-addr2 u2 -- )
  compare if  s" incorrect string" t.fail  else  t.pass  then ;

: t-true ( flag -- )  if  t.pass  else  s" not true" t.fail  then ;

: t-catch ( i*x xt -- n ) \ inside t{ }t: the code xt throws, 0 if none
  catch  >r t.clear r> ;

: t.counts ( passed failed -- )
  swap 0 .r ."  passed, " 0 .r ."  failed" ;

: t-end ( -- )
  t.passed @ t.all-passed +!  t.failed @ t.all-failed +!  1 t.modules +!
  t.name count type ." : "  t.passed @ t.failed @ t.counts cr ;

: t-summary ( -- )
  ." all " t.modules @ 0 .r ."  modules: "
  t.all-passed @ t.all-failed @ t.counts cr ;

[then]
