#!/bin/sh
# Writes a legal move after 10,000 spaces and 1,000 line ends: the format
# allows any amount of white space before it.
head -c 10000 /dev/zero | tr '\0' ' ' > play.txt
head -c 1000 /dev/zero | tr '\0' '\n' >> play.txt
echo "0 0 0 1" >> play.txt
