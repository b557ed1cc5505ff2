#!/bin/sh
# Tries to read what no bot may: another contestant's copy, the referee's
# work folder, the teacher's log folder (LOGS, set by the test) and /tmp;
# says what it managed, then gives up.
w=$(dirname "$0")/../..
for n in 1 2 3 4 5 6 7 8 9; do
    cat "$w/bots/$n/honest.fs" >/dev/null 2>&1 && echo "read another bot" >&2
done
ls "$w/bots" >/dev/null 2>&1 && echo "listed the bots" >&2
ls "LOGS" >/dev/null 2>&1 && echo "listed the logs" >&2
ls /tmp >/dev/null 2>&1 && echo "listed /tmp" >&2
cat "$0" >/dev/null && echo "read nothing but itself" >&2
exit 3
