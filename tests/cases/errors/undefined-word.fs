1 2 frobnicate
