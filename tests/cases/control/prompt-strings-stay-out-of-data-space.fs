\ A loop typed at the prompt that builds a table of strings: the strings'
\ bytes stay out of the table (they are kept as if typed outside a
\ definition), so the table holds only what the loop stores.
true prompt-control
create t 17 0 do s" x" 2, loop
here t - .  t 2@ type  t 16 2* cells + 2@ type
create t2 3 0 do ." ab" i , loop
here t2 - .  t2 @ .  t2 2 cells + @ .
create t3 2 0 do c" hi" , loop
t3 @ count type  here t3 - .
