: forever recurse ;
forever
