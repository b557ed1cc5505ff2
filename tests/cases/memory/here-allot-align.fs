here 3 allot align here swap - 8 mod
