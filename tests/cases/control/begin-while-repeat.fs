: halve ( n -- ) begin dup 0> while dup . 2/ repeat drop ;
20 halve
