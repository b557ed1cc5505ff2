#!/bin/sh
# Writes a well-formed move that breaks the rules: a diagonal step from c3.
echo "2 2 3 3 " > play.txt
