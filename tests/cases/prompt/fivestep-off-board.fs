\ stdin: f1f2\na1a6\nA0-B1\nzzzz\na1b1\n
\ Five-step: the rules at the start type a move as the prompt does, with
\ the prompt's own example; a square outside a1..e5 is named as off the
\ board, and what is not a square at all gets the format.
include examples/fivestep.fs
.rules .prompt
human-move swap .square .square
