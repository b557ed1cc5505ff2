\ scan, skip, s, 2, th .\" and $! $@
s" abc  def" bl scan .s
bl skip type
s" xxhi" char x skip type
s" abc" char z scan . drop
create cs s" abc" s, cs count type here cs - .
create pair 1 2 2, pair 2@ . .
create arr 10 , 20 , 30 , arr 2 th @ .
.\" tab\there\n"
: greet .\" hi\tthere\n" ; greet
variable name$ s" first" name$ $! s" second" name$ $! name$ $@ type
