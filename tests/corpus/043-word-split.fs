\ Splitting a sentence into words by hand (no PARSE).
: skip-spaces ( a u -- a' u' ) begin dup while over c@ bl = while 1 /string repeat then ;
: word-len ( a u -- n ) 0 -rot bounds ?do i c@ bl = if leave then 1+ loop ;
: words-of ( a u -- )
  begin skip-spaces dup while
    2dup word-len >r over r@ ." <" type ." > " r> /string
  repeat 2drop cr ;
s"   the  quick brown   fox " words-of
: count-words ( a u -- n ) 0 -rot begin skip-spaces dup while 2dup word-len /string rot 1+ -rot repeat 2drop ;
s" one two three four" count-words . s"    " count-words . cr
