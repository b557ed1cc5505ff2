1 2 3 rot
-rot
