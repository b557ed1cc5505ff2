false show-stack 1 2
true show-stack
