' dup >body
