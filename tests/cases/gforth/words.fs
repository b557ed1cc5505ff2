\ gforth's words about words: latest, latestxt, >name, name>string, body>, alias, nextname, ]L, ]] [[
: sq dup * ;
latest name>string type latestxt ' sq = .
' dup >name name>string type
create box 5 , ' box >body body> ' box = .
' sq alias square 4 square .
s" seven" nextname 7 constant
seven .
: nine [ 3 3 * ]L ; nine .
: 2dup+ ]] 2dup + [[ ; immediate
: f 1 2 2dup+ ; f . . .
: push42 ]] 42 [[ ; immediate
: g push42 ; g .
see g
255 ' . 16 base-execute base @ .
#eof . outfile-id stdout = . infile-id stdin = .
parse-word hello type
: h 1 >r 2 >r 2rdrop ; h depth .
5. 3. du>= .
