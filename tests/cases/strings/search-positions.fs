\ SEARCH finds the first match, at the start, in the middle or at the end.
s" abcabc" s" abc" search . . drop
s" abcabd" s" abd" search . type
s" aaaaab" s" aab" search . type
s" abc" s" abcd" search . . drop
s" abc" s" " search . . drop
s" " s" a" search . . drop
