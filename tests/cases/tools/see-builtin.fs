see dup
5 constant five see five
