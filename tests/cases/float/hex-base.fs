\ Floats are read only when BASE is decimal: the message says so.
hex
1.5e-3
1e
.
decimal
1e f.
