s" 2 3 +" evaluate
: ev s" 10 *" evaluate ; 4 ev
