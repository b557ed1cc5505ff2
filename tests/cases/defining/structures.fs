begin-structure point field: p.x field: p.y end-structure
create pt point allot
3 pt p.x ! 4 pt p.y ! pt p.x @ pt p.y @ point
