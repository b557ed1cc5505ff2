\ FALIGN moves HERE to a multiple of 8, SFALIGN to a multiple of 4.
here 1 allot falign here swap - .
here 8 mod .
1 allot sfalign here 4 mod .
