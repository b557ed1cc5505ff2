\ COMPARE on equal, shorter, longer and different strings.
: cmp ( a u b v -- ) compare . ;
s" apple" s" apple" cmp s" apple" s" apples" cmp s" apples" s" apple" cmp
s" apple" s" banana" cmp s" pear" s" peach" cmp s" " s" " cmp cr
: same? ( a u b v -- f ) compare 0= ;
s" abc" s" abc" same? . s" abc" s" abd" same? . cr
: sort3 ( a u b v c w -- ) 2>r 2over 2over compare 0> if 2swap then type space type space 2r> type cr ;
s" cherry" s" apple" s" kiwi" sort3
