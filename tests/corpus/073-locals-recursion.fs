\ Locals survive recursion: each call has its own.
: binom { n k -- c } k 0= k n = or if 1 exit then n 1- k 1- recurse n 1- k recurse + ;
: pascal { rows -- } rows 0 do i 1+ 0 do j i binom 4 .r loop cr loop ;
6 pascal
: sum-digits-rec { n -- s } n 10 < if n else n 10 mod n 10 / recurse + then ;
987654321 sum-digits-rec . cr
: pow { b e -- r } e 0= if 1 exit then b b e 2/ recurse dup * e 1 and if b * then nip ;
2 10 pow . 3 13 pow . cr
