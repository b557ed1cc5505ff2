create b 4 allot 65 b c! b c@
