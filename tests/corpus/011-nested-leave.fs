\ LEAVE, UNLOOP EXIT, and ?DO skipping an empty range.
: find-first ( n -- i|-1 ) -1 swap 100 1 do i dup * over > if nip i swap leave then loop drop ;
: find-first2 ( n -- i ) 100 1 do i dup * over > if drop i unloop exit then loop drop -1 ;
: empty 5 5 ?do ." never" loop ." skipped" cr ;
50 find-first . 1000 find-first . cr
50 find-first2 . 99999 find-first2 . cr
empty
: pairs 4 0 do 4 0 do i j = if leave then j . i . ." | " loop cr loop ;
pairs
