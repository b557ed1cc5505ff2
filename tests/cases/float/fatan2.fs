\ FATAN2 ( F: y x -- angle ): the quadrant comes from both signs.
1e 1e fatan2 f.
1e -1e fatan2 f.
-1e -1e fatan2 f.
-1e 1e fatan2 f.
1e 0e fatan2 f.
0e -1e fatan2 f.
-0e -1e fatan2 f.
0e 0e fatan2 f.
