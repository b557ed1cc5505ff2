\ test/tsar.fs -- tests of tfl/sar.fs

require tester.fs
require ../tfl/sar.fs

s" tsar" t-begin

t{ 1 2 sar-cmp-n  2 1 sar-cmp-n  3 3 sar-cmp-n -> -1 1 0 }t
t{ -1 1 sar-cmp-n  -1 1 sar-cmp-u -> -1 1 }t

8 ' sar-cmp-n sar-new constant a1
: .a1 ( -- )  ." [ " ['] . a1 sar-execute ." ]" cr ;
: a1+ ( n -- )  a1 sar-insert ;

t{ 50 a1+ 10 a1+ 40 a1+ 20 a1+ 30 a1+  a1 sar-length -> 5 }t
.a1
t{ 0 a1 sar-@  4 a1 sar-@ -> 10 50 }t
t{ 5 a1 ' sar-@ t-catch -> sar.err-index }t
t{ 30 a1 sar-find -> 2 true }t
t{ 35 a1 sar-find -> 3 false }t
t{ 5 a1 sar-find  99 a1 sar-find -> 0 false 5 false }t
t{ 30 a1+ -5 a1+ 30 a1 sar-find  a1 sar-length -> 3 true 7 }t
.a1
t{ 60 a1+  61 a1 ' sar-insert t-catch -> sar.err-full }t
t{ 30 a1 sar-delete  30 a1 sar-delete  30 a1 sar-delete -> true true false }t
t{ -5 a1 sar-delete  60 a1 sar-delete  a1 sar-length -> true true 4 }t
.a1
: .a1-backward ( -- )  ." [ " ['] . a1 sar-execute-backward ." ]" cr ;
.a1-backward
t{ 10 a1 sar-delete 20 a1 sar-delete 40 a1 sar-delete -> true true true }t
.a1-backward
t{ 50 a1 sar-delete  a1 sar-length -> true 0 }t
.a1-backward
a1 sar-free

\ counted strings in dictionary order
: $, ( c-addr u -- c-addr2 )  here >r  dup c,  here swap dup chars allot move  r> ;
s" pear" $, constant pear    s" apple" $, constant apple
s" fig" $, constant fig      s" banana" $, constant banana
s" applesauce" $, constant applesauce

6 ' sar-cmp-str sar-new constant fruit
pear fruit sar-insert  apple fruit sar-insert  fig fruit sar-insert
banana fruit sar-insert  applesauce fruit sar-insert
: .str ( c-addr -- )  count type space ;
' .str fruit sar-execute cr
t{ fig fruit sar-find -> 3 true }t
t{ s" grape" $, fruit sar-find -> 4 false }t

\ insertion sort of an array
create nums  31 , -4 , 15 , 9 , 26 , -53 , 58 , 9 , 7 , 93 ,
: .nums ( -- )  10 0 do  nums i cells + @ .  loop cr ;
nums 10 ' sar-cmp-n cells-sort  .nums
t{ nums @  nums 9 cells + @ -> -53 93 }t
: descending ( n1 n2 -- n )  swap sar-cmp-n ;
nums 10 ' descending cells-sort .nums
t{ nums 0 ' descending cells-sort  nums 1 ' descending cells-sort  nums @ -> 93 }t

t-end
