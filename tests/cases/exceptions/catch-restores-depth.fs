1 2 3 :noname 4 5 -7 throw ; catch .s
