-1 allocate
here -5 accept
