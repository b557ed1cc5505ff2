\ test/tlst.fs -- tests of tfl/lst.fs

require tester.fs
require ../tfl/lst.fs

s" tlst" t-begin

lst-new constant l1

t{ l1 lst-empty? l1 lst-length -> true 0 }t
t{ 2 l1 lst-append  3 l1 lst-append  1 l1 lst-prepend  l1 lst-length -> 3 }t
t{ 0 l1 lst-nth  1 l1 lst-nth  2 l1 lst-nth -> 1 2 3 }t
t{ 3 l1 ' lst-nth t-catch -> lst.err-index }t

: lshow ( x -- )  . ;
: .list ( lst -- )  [char] ( emit space  ['] lshow swap lst-execute  [char] ) emit cr ;
l1 .list

t{ 3 l1 lst-index -> 2 true }t
t{ 9 l1 lst-index -> false }t
t{ 4 l1 lst-append  l1 lst>last @ lnd-value -> 4 }t

l1 lst-reverse  l1 .list
t{ 0 l1 lst-nth  l1 lst>last @ lnd-value -> 4 1 }t

t{ 2 l1 lst-remove  l1 lst-length -> true 3 }t
t{ 2 l1 lst-remove -> false }t
t{ 1 l1 lst-remove  l1 lst>last @ lnd-value -> true 3 }t   \ the last one
t{ 4 l1 lst-remove  l1 lst-first lnd-value -> true 3 }t    \ the first one
t{ 3 l1 lst-remove  l1 lst-empty? l1 lst>last @ -> true true 0 }t
t{ 5 l1 lst-append  l1 lst-first lnd-value  l1 lst-length -> 5 1 }t

: squares ( n lst -- ) swap 0 ?do  i i * over lst-append  loop drop ;
: max' ( n x -- n' )  max ;
t{ l1 lst-clear  10 l1 squares  l1 lst-length -> 10 }t
t{ 0 ' max' l1 lst-execute -> 81 }t
l1 .list
l1 lst-free

t-end
