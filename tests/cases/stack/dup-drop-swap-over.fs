1 2 dup
drop swap
over
