0 throw 1
