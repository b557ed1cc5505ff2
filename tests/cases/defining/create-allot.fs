create buf 3 cells allot
11 buf ! 22 buf cell+ ! buf @ buf cell+ @
