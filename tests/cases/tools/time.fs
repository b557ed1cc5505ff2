time&date 2drop 2drop 2drop utime 2drop 1 ms
