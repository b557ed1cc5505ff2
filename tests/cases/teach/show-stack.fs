false show-stack 1 2
true show-stack
show-stack off 3 4
show-stack on
