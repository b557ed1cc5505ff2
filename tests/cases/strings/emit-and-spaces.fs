65 emit 3 spaces 66 emit cr
