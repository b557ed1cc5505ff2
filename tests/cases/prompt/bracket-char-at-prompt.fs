\ Lesson 5 shows `[char] * emit` inside a word; typed at the prompt it
\ works too (with a note, once, that `char` is the word outside a definition).
true prompt-control
[char] * emit
[char] A .
3 0 do [char] - emit loop
\ `char` inside a definition reads its character when the word runs:
\ the error names `[char]`.
: star char * emit ;
star
: star [char] * emit ;
star
