: sq dup * ;
words
\ One set, by the name the summary gives it; anything else after WORDS is
\ left for the interpreter.
words games
words exception 7 .
