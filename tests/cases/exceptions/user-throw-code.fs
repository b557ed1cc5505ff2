42 throw
