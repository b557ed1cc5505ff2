\ stdin: level 1\nlevel 9\nLEVEL 5 \nlevel\nlevel 0\nlevel   4\nd3\n
\ "level N" at a move prompt sets the computer's level and asks again,
\ whatever the blanks; a level that is none, 0 (only the words take it)
\ or "level" alone says which levels there are.
include examples/othello.fs
first-level @ second-level @
human-move .square
first-level @ second-level @
