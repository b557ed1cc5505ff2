variable n 5 n ! 3 n +! n @
