\ Building strings with HOLD and pictured output around text.
: .date ( d m y -- ) 0 <# # # # # 2drop [char] - hold 0 # # 2drop [char] - hold 0 # # #> type ;
5 7 2024 .date cr
: .pct ( n -- ) 0 <# [char] % hold #s #> type ;
42 .pct space 100 .pct cr
: .paren ( n -- ) dup abs 0 <# [char] ) hold #s rot 0< if [char] - hold then [char] ( hold #> type ;
-17 .paren space 17 .paren cr
