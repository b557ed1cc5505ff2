\ queue.fs -- a ring of cells, written for the stack-comment checker's
\ tests: a library with three stack comments that disagree with their
\ code (on purpose), one it cannot read and the rest right.

16 constant q-size
create q-cells q-size cells allot
variable q-head  variable q-tail

: q-clear ( -- )  0 q-head !  0 q-tail ! ;
: q-count ( -- n )  q-tail @ q-head @ - ;
: q-empty? ( -- flag )  q-count 0= ;
: q-slot ( n -- a-addr )  q-size mod cells q-cells + ;
\ Wrong on purpose: q-push takes one item and leaves none.
: q-push ( x -- x )  q-tail @ q-slot !  1 q-tail +! ;
\ Wrong on purpose: q-pop leaves the item, and the slot's address too.
: q-pop ( -- x )  q-head @ q-slot dup @  1 q-head +! ;
\ Wrong on purpose: the comment names an item it does not take.
: q-full? ( n -- flag )  q-count q-size = ;
\ Not read: `i*x` is any number of items.
: q-each ( i*x xt -- j*x )  q-count 0 ?do q-head @ i + q-slot @ swap dup >r execute r> loop drop ;
: q-drain ( -- )  begin q-empty? 0= while q-pop drop repeat ;
