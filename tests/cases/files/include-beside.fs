\ A file that another file includes is looked for beside that file first, then from the current directory, as gforth looks (a library's `require util.fs` finds its own util.fs)
include tests/cases/files/beside/main.fth
include tests/cases/files/beside/fallback.fth
