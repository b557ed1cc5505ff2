\ Money formatting with a decimal point and thousands separators.
: .cents ( n -- ) dup >r abs 0 <# # # [char] . hold #s r> sign [char] $ hold #> type ;
12345 .cents space 5 .cents space -99 .cents space 100000 .cents cr
: .thousands ( u -- )
  0 <# begin # # # 2dup d0= 0= while [char] , hold repeat #> ;
: trim0 ( addr u -- addr' u' ) begin over c@ [char] 0 = over 1 > and while 1 /string repeat ;
1234567 .thousands trim0 type space 1000 .thousands trim0 type space 7 .thousands trim0 type cr
