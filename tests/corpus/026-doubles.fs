\ Double-cell arithmetic: D+ D- D. DNEGATE DABS M* UM* UM/MOD.
1 0 1 0 d+ d. cr
100000 100000 m* d. cr
-100000 100000 m* d. cr
-1 -1 um* ud. cr
1000000 1000000 um* 7 um/mod . . cr
5. 3. d- d. -5. dabs d. 7. dnegate d. cr
123456789012345. 2dup d+ d. cr
12. 3. d< . 3. 12. d< . 5. 5. d= . cr
