\ uses-queue.fs -- a library that requires another: each file gets its own
\ line for the stack comments that disagree with their code.

require queue.fs
\ Wrong on purpose: q-size? leaves one item, not two.
: q-size? ( -- n flag )  q-count ;
: q-half ( -- n )  q-count 2/ ;
