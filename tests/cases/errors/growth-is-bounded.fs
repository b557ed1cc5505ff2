\ What a program makes grow has a limit; reaching it is an error, not a crash.
\ ARG copies each argument once, so a loop of it does not use up the heap.
: args ( -- ) 3000000 0 do 0 arg 2drop loop ;
args 1000 allocate . free .
\ REPLACES texts: 16 MiB in all.
: many ( -- ) 20 0 do here 1000000 i 0 <# #s #> replaces loop ;
many
