\ help with no word: what to type first, and how to start each game.
help
