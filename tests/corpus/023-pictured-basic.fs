\ Pictured numeric output: <# # #S #> HOLD SIGN.
: .000 ( u -- ) 0 <# # # # #> type ;
7 .000 space 42 .000 space 999 .000 space 1234 .000 cr
: .signed ( n -- ) dup abs 0 <# #s rot sign #> type ;
-12345 .signed space 678 .signed space 0 .signed cr
: .time ( secs -- ) 0 <# # 6 base ! # decimal [char] : hold # 6 base ! # decimal [char] : hold #s #> type ;
3725 .time space 59 .time space 86399 .time cr
