: bad r> ;
bad
