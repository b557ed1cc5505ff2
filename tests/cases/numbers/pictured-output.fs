: dollars ( n -- ) s>d <# # # [char] . hold #s [char] $ hold #> type ;
12345 dollars
