\ Tokens close to float words: suggestions know them now.
fdupp
f.ss
