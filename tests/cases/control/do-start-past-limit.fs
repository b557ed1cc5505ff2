\ A `do` typed at the prompt whose start is not below its limit counts up
\ until it wraps round to the limit: a note says so before it runs.
true prompt-control
-1 0 do i . i 3 = if leave then loop
5 5 do i . leave loop
-1 0 ?do i . leave loop
5 5 ?do i . loop
\ Counting down with +loop, or up from below the limit, gets no note.
0 3 do i . -1 +loop
3 0 do i . loop
