\ ALLOCATE, RESIZE and FREE on the heap.
100 cells allocate throw constant blk-mem
: fill-blk-mem 100 0 do i dup * blk-mem i cells + ! loop ;
fill-blk-mem blk-mem 10 cells + @ . blk-mem 99 cells + @ . cr
blk-mem 200 cells resize throw constant bigger
bigger 10 cells + @ . bigger 99 cells + @ . cr
bigger free throw
: temp-string ( a u -- a' u ) dup allocate throw swap 2dup 2>r move 2r> ;
s" heap copy" temp-string 2dup type cr drop free throw
: alloc-fail? -1 allocate nip 0<> ;
alloc-fail? . cr
