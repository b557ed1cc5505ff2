\ Words a large gforth library's configuration file asks for.
\ NEWLINE: the string that ends a line.
newline nip .  newline drop c@ .
.( one) newline type .( two)
\ FLOAT: the size of a float, as CELL is a cell's.
float .  float 1 floats = .
\ ARGC and ARGV: the arguments as C strings; CSTRING>SSTRING measures one.
argc @ .  argv @ @ cstring>sstring type
argv @ argc @ cells + @ .
\ EXCEPTION: a new throw code with its message, shown when nobody catches it.
s" queue is empty" exception constant queue-empty
queue-empty .  s" another" exception .
: take ( -- ) queue-empty throw ;
' take catch .
take
\ F>R FR> FR@: a float on the return stack for a while.
: f-twice ( F: r -- r r ) f>r fr@ fr> ;
1.5e f-twice f+ f.
: fr-leaky ( F: r -- ) f>r ;
2e fr-leaky
\ `)` outside a definition is ignored, as in gforth (it ends ASSERT( inside one).
1 2 ) + .
