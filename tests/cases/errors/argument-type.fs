99 set-current
