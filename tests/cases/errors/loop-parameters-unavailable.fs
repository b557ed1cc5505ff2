: no-loop i ;
: bad unloop ;
bad
