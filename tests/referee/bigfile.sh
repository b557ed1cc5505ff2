#!/bin/sh
# Writes a 5 MB file in its directory, past the file-size limit (exec: the
# bot itself is the writer the kernel stops).
exec head -c 5000000 /dev/zero > big
