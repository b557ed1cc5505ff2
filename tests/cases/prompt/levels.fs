\ stdin: level 1\nlevel 9\nLEVEL 5 \nlevel\ne3\n
\ "level N" at a move prompt sets the computer's level and asks again; a
\ level that is none says which there are; "level" alone is not a move.
include examples/othello.fs
first-level @ second-level @
human-move .square
first-level @ second-level @
