\ test/tstk.fs -- tests of tfl/stk.fs

require tester.fs
require ../tfl/stk.fs

s" tstk" t-begin

4 stk-new constant s1

t{ s1 stk-depth -> 0 }t
t{ s1 stk-empty? -> true }t
t{ 10 s1 stk-push  20 s1 stk-push  s1 stk-depth -> 2 }t
t{ s1 stk-peek -> 20 }t
t{ 30 s1 stk-push  40 s1 stk-push  s1 stk-full? -> true }t
t{ 50 s1 ' stk-push t-catch -> stk.err-full }t
stk.err-empty . stk.err-full . cr
t{ 0 s1 stk-pick  3 s1 stk-pick -> 40 10 }t
t{ 4 s1 ' stk-pick t-catch -> stk.err-empty }t

: sshow ( x -- )  . ;
.( bottom to top: ) ' sshow s1 stk-execute cr

: ssum ( n x -- n' )  + ;
t{ 0 ' ssum s1 stk-execute -> 100 }t
t{ s1 stk-pop s1 stk-pop s1 stk-pop s1 stk-pop -> 40 30 20 10 }t
t{ s1 ' stk-pop t-catch -> stk.err-empty }t
t{ 7 s1 stk-push  s1 stk-clear  s1 stk-empty? -> true }t
s1 stk-free

3 que-new constant q1
t{ q1 que-empty? -> true }t
t{ 1 q1 que-put  2 q1 que-put  q1 que-get -> 1 }t
t{ 3 q1 que-put  4 q1 que-put  q1 que-count -> 3 }t
t{ 5 q1 ' que-put t-catch -> stk.err-full }t
t{ q1 que-get q1 que-get q1 que-get -> 2 3 4 }t
t{ q1 ' que-get t-catch -> stk.err-empty }t
t{ q1 ' que-count t-catch -> 0 }t
\ round the ring a few times
: churn ( n -- sum )
  0 swap 0 ?do  i q1 que-put  i 1+ q1 que-put  q1 que-get +  q1 que-get +  loop ;
t{ 10 churn -> 100 }t
t{ q1 que-empty? -> true }t
q1 que-free

\ loading a module again changes nothing
stk.err-empty constant tstk.before
include ../tfl/stk.fs
include ../tfl/config.fs
t{ stk.err-empty -> tstk.before }t

t-end
