\ FLOOR rounds down, FTRUNC toward zero, FROUND to nearest with halves to even.
2.5e fround f. 3.5e fround f. -2.5e fround f. 2.6e fround f.
-2.5e floor f. 2.5e floor f.
-2.5e ftrunc f. 2.5e ftrunc f.
