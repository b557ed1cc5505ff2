variable q 7 q ! q ?
create d ," AB" d 3 dump
