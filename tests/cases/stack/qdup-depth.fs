0 ?dup 5 ?dup depth
