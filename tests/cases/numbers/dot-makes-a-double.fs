\ A number with a dot inside is a double-cell integer, not a fraction:
\ the prompt says so once.
3.14 .
.s drop
1.5 2drop
\ `3.` is a double on purpose (gforth's way of writing one): no note.
3. d.
3.14e f.
