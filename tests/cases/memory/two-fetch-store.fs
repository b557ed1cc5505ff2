create p 2 cells allot 1 2 p 2! p 2@
