\ A control structure typed at the prompt that fails is reported at the
\ word that failed, with what it takes: the IF found no flag.
true prompt-control
if 1 . then
cr 1 do i . loop
cr 3 0 do i . 2drop loop
\ In a definition too.
: x if 1 . then ;
x
