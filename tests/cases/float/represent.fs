\ REPRESENT: digits, where the point goes, sign and validity.
create buf 20 allot
1234.5e buf 6 represent . . . buf 6 type
-0.00125e buf 3 represent . . . buf 3 type
0e buf 4 represent . . . buf 4 type
9.99e buf 2 represent . . . buf 2 type
1e 0e f/ buf 3 represent . . drop buf 3 type
