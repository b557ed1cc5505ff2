\ test/thsh.fs -- tests of tfl/hsh.fs

require tester.fs
require ../tfl/hsh.fs

s" thsh" t-begin

\ FNV-1a's published test values
t{ s" "       hsh-fnv1a -> $811C9DC5 }t
t{ s" a"      hsh-fnv1a -> $E40C292C }t
t{ s" foobar" hsh-fnv1a -> $BF9CF968 }t
s" hello" hsh-fnv1a 8 tfl.hex.  s" Hello" hsh-fnv1a 8 tfl.hex. cr

7 hsh-create colours

t{ colours hsh-count -> 0 }t
t{ 1 s" red" colours hsh-put  2 s" green" colours hsh-put  colours hsh-count -> 2 }t
t{ s" red" colours hsh-get -> 1 true }t
t{ s" blue" colours hsh-get -> false }t
t{ 3 s" blue" colours hsh-put  s" blue" colours hsh-get -> 3 true }t
t{ 30 s" blue" colours hsh-put  s" blue" colours hsh-get  colours hsh-count -> 30 true 3 }t

\ the key is copied: changing the caller's buffer does not change it
create buf 8 chars allot
s" cyan" buf swap move
t{ 4 buf 4 colours hsh-put  s" ____" buf swap move  s" cyan" colours hsh-has? -> true }t
t{ buf 4 colours hsh-has? -> false }t

: .entry ( x c-addr u -- )  type [char] = emit . ;
' .entry colours hsh-execute cr

t{ s" green" colours hsh-delete  colours hsh-count -> true 3 }t
t{ s" green" colours hsh-delete -> false }t
t{ s" green" colours hsh-has? -> false }t

\ many keys in few buckets
3 hsh-new constant h2
: k# ( n -- c-addr u )  0 <# #s [char] k hold #> ;
: fill-h2 ( n -- )  0 ?do  i dup * i k# h2 hsh-put  loop ;
t{ 50 fill-h2  h2 hsh-count -> 50 }t
t{ s" k7" h2 hsh-get  s" k49" h2 hsh-get -> 49 true 2401 true }t
: hsum ( n x c-addr u -- n' )  2drop + ;
t{ 0 ' hsum h2 hsh-execute -> 40425 }t
: drop-evens ( -- )  50 0 ?do  i k# h2 hsh-delete drop  2 +loop ;
t{ drop-evens  h2 hsh-count  s" k8" h2 hsh-has?  s" k9" h2 hsh-has? -> 25 false true }t

t-end
