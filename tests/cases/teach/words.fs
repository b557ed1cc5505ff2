: sq dup * ;
words
