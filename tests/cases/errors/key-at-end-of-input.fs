key
