1 2 bye
3
