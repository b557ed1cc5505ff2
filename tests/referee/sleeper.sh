#!/bin/sh
# Thinks too long: sleeps 3 seconds, then plays.
sleep 3
echo "0 0 0 1 " > play.txt
