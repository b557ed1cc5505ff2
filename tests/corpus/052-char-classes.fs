\ Classifying characters of a string into digits, letters and others.
: digit-char? ( c -- f ) [char] 0 [char] 9 1+ within ;
: alpha? ( c -- f ) 32 or [char] a [char] z 1+ within ;
: classify ( a u -- ) 2>r 0 0 0 2r> bounds ?do
    i c@ dup digit-char? if drop rot 1+ -rot else alpha? if swap 1+ swap else 1+ then then
  loop ." other=" . ." alpha=" . ." digits=" . cr ;
s" R2-D2 and C-3PO!" classify
s" 2024" classify
