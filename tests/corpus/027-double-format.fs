\ Printing doubles with D.R, UD. and pictured output.
12345. 10 d.r ." |" cr
-12345. 10 d.r ." |" cr
1000000000000000000000. d. cr
: .dollars ( d -- ) tuck dabs <# # # [char] . hold #s rot sign #> type ;
123456. .dollars space -500. .dollars cr
2 0 d2* d. 7. d2/ d. cr
12. d>s . -3 s>d d. cr
