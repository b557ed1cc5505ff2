1 ( a comment ) 2 \ the rest is ignored
