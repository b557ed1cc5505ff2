:noname ( n -- n*3 ) 3 * ; constant triple
7 triple execute
