#!/bin/sh
# Writes a move in a format of its own.
echo "a1 -> a2" > play.txt
