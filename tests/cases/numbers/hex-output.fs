255 hex . decimal 255 .
