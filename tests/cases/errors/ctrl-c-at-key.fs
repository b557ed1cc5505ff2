\ stdin: \x03
key
