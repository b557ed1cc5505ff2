#!/bin/sh
# Writes 1 MB files, each under the file-size limit, 40 MB in all: more
# than a move may write. Then would play.
i=0
while [ $i -lt 40 ]; do
    head -c 1000000 /dev/zero > f$i || break
    i=$((i+1))
done
echo "0 0 0 1 " > play.txt
