#!/bin/sh
# Tries to delete a file outside its directory and to write another one
# there; OUTSIDE is replaced by the test with a directory it made.
set -e
rm -f "OUTSIDE/victim.txt"
echo "pwned" > "OUTSIDE/planted.txt"
echo "0 0 0 1 " > play.txt
