\ A file included gets one line for its stack comments that disagree with
\ their code, not a warning each; `effects FILE` lists them, and a file
\ that is right says nothing. Words typed here are still warned about.
include tests/effects/lib/queue.fs
include tests/effects/lib/stack.fs
effects tests/effects/lib/queue.fs
require tests/effects/lib/uses-queue.fs
effects tests/effects/lib/stack.fs
help q-pop
help q-each
: mine ( -- n ) q-count q-count ;
effects
effects nowhere.fs
