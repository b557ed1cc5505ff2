10 constant ten
variable v  ten v !
5 value five
ten v @ five
7 to five five
