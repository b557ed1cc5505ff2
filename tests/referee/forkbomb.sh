#!/bin/sh
# A subshell starts 40 short sleeps at once, more than the 32 processes
# the bot may have, and stops at "Cannot fork"; the bot waits for the
# sleeps to end and exits without a move.
( i=0; while [ $i -lt 40 ]; do sleep 0.3 & i=$((i+1)); done; wait )
sleep 0.6
