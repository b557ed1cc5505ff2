-3 4 m* 2 um* 
10 0 7 um/mod
-7 s>d 2 fm/mod -7 s>d 2 sm/rem
