\ gforth's SLURP-FILE reads a whole file into allocated memory.
s" corpus-116-slurp.txt" 2constant fname
0 value fid
fname w/o create-file throw to fid
: fill-file 5 0 do s" line " fid write-file throw i 0 <# #s #> fid write-line throw loop ;
fill-file fid close-file throw
fname slurp-file 2dup type dup . cr
drop free throw
fname delete-file throw
