\ SEARCH: finding substrings, counting occurrences.
: found? ( a u b v -- ) search if ." found at rest: " type else ." not found, len " . drop then cr ;
s" the quick brown fox" s" brown" found?
s" the quick brown fox" s" cat" found?
: count-sub ( a u b v -- n )
  2>r 0 -rot begin 2r@ search while 1 /string rot 1+ -rot repeat 2drop 2r> 2drop ;
s" abababa" s" aba" count-sub . s" mississippi" s" ss" count-sub . s" aaa" s" b" count-sub . cr
