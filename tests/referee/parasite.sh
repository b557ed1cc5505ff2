#!/bin/sh
# Plays as another contestant: runs that bot's copy in the referee's work
# folder with the referee's own playforth.
w=$(dirname "$0")/../..
exec "$w/bin/playforth" "$w/bots/honest/honest.fs" bot "$@"
