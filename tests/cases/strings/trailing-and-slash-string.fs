s" hi   " -trailing nip
s" abcdef" 2 /string type
