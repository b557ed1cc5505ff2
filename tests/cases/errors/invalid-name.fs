5 to dup
