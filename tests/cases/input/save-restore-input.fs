variable n  : bump 1 n +! ;
save-input bump n @ 1 = [if] restore-input drop [then] n @ .
