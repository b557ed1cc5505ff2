#!/bin/sh
# A program it runs writes a 5 MB file, past the file-size limit: the
# kernel stops that program, and the shell exits with 128 + SIGXFSZ.
head -c 5000000 /dev/zero > big
exit $?
