\ test/tstr.fs -- tests of tfl/str.fs

require tester.fs
require ../tfl/str.fs

s" tstr" t-begin

str-new constant d1
t{ d1 str-length -> 0 }t
t{ s" hello" d1 str-set  d1 str-get s" hello" t-str -> }t
t{ s"  world" d1 str-append  d1 str-get s" hello world" t-str -> }t
t{ char ! d1 str-append-char  d1 str-length -> 12 }t
t{ s" say: " d1 str-prepend  d1 str-get s" say: hello world!" t-str -> }t
t{ s" big " 11 d1 str-insert  d1 str-get s" say: hello big world!" t-str -> }t
t{ 0 5 d1 str-delete  d1 str-get s" hello big world!" t-str -> }t
t{ 14 100 d1 str-delete  d1 str-get s" hello big worl" t-str -> }t
t{ s" x" 15 d1 ' str-insert t-catch -> str.err-index }t
t{ -1 1 d1 ' str-delete t-catch -> str.err-index }t
t{ s" big" d1 str-index  s" small" d1 str-index  s" hello" d1 str-index -> 6 -1 0 }t

\ the text grows well past its first allocation
: lots ( n -- )  0 ?do  s" 0123456789" d1 str-append  loop ;
t{ d1 str-clear  100 lots  d1 str-length -> 1000 }t
t{ d1 str-get drop 995 chars + 5 s" 56789" t-str -> }t
t{ s" 345" s" -" d1 str-replace-all  d1 str-length -> 100 800 }t
t{ d1 str-get drop 12 s" 012-6789012-" t-str -> }t
t{ s" " s" x" d1 str-replace-all -> 0 }t

t{ s" a-b-c" d1 str-set  s" -" s" --" d1 str-replace-all -> 2 }t
d1 str-get type cr
t{ s" -" s" " d1 str-replace-all  d1 str-get s" abc" t-str -> 4 }t
t{ s" aaa" d1 str-set  s" a" s" aa" d1 str-replace-all  d1 str-get s" aaaaaa" t-str -> 3 }t

t{ s\" Mixed Case\ttext" d1 str-set  d1 str-upper  d1 str-get s\" MIXED CASE\tTEXT" t-str -> }t
t{ s" stressed" d1 str-set  d1 str-reverse  d1 str-get s" desserts" t-str -> }t
t{ s" abcde" d1 str-set  d1 str-reverse  d1 str-get s" edcba" t-str -> }t
t{ s" the quick brown fox" d1 str-set  s" aeiou" d1 str-count-any -> 5 }t

: num ( n -- c-addr u )  d1 str-clear  d1 str-append-number  d1 str-get ;
t{ 0 num s" 0" t-str -> }t
t{ 1234567 num s" 1234567" t-str -> }t
t{ -42 num s" -42" t-str -> }t
t{ 255 hex num decimal s" ff" t-str -> }t
t{ 10 2 base ! num decimal s" 1010" t-str -> }t
t{ 35 36 base ! num decimal s" z" t-str -> }t

: dnum ( d -- c-addr u )  d1 str-clear  d1 str-append-double  d1 str-get ;
t{ 12345678901234567890. dnum s" 12345678901234567890" t-str -> }t
t{ -1. dnum s" -1" t-str -> }t
t{ 1 0 d2* d2* 3 0 d+ dnum s" 7" t-str -> }t
t{ 10000000000. 10000000000. d+ dnum s" 20000000000" t-str -> }t
t{ -1 0 2 m+ -> 1 1 }t
tfl.cell-bits 64 = [if]
  t{ -1 0 2 m+ dnum s" 18446744073709551617" t-str -> }t
[then]

\ files
s" tfl-tstr.tmp" 2constant file
t{ s\" line one\nline two\n\nlast line" d1 str-set  file d1 str-write -> }t
str-new constant d2
t{ file d2 str-read  d2 str-get d1 str-get t-str -> }t
variable #lines
: tstr.line ( c-addr u -- )  1 #lines +!  #lines @ 0 .r ." : " type cr ;
file ' tstr.line str-for-lines
t{ #lines @ -> 4 }t
t{ file delete-file -> 0 }t
t{ file d2 ' str-read t-catch 0<> -> true }t
d2 str-free
d1 str-free

t-end
