\ Case-insensitive compare by copying to upper case first.
create b1 64 allot create b2 64 allot
: upc ( c -- C ) dup [char] a [char] z 1+ within if bl - then ;
: >upper ( a u buf -- buf u ) swap 2dup 2>r 0 ?do over i + c@ upc over i + c! loop 2drop 2r> ;
: icompare ( a u b v -- n ) b2 >upper 2swap b1 >upper 2swap compare ;
s" Hello" s" HELLO" icompare . s" abc" s" ABD" icompare . s" Zeta" s" alpha" icompare . cr
s" MiXeD CaSe" b1 >upper type cr
