\ F, stores a float at HERE and moves past it: a table of floats.
create data 2e f, 4e f, 9e f,
data f@ f.  data float+ f@ f.  data 2 floats + f@ f.
here data - .
\ Without a float, F, is an FP stack underflow and HERE does not move.
here ' f, catch . here swap - .
