#!/usr/bin/no-such-interpreter
# Names an interpreter this machine does not have: it cannot be started.
play
