\ A circular queue of fixed size with wrap-around.
5 constant qsize
create q qsize cells allot
variable qhead variable qtail variable qcount
: q-init 0 qhead ! 0 qtail ! 0 qcount ! ;
: q-full? qcount @ qsize = ;
: q-empty? qcount @ 0= ;
: enqueue ( n -- ) q-full? if drop ." full! " exit then qtail @ cells q + ! qtail @ 1+ qsize mod qtail ! 1 qcount +! ;
: dequeue ( -- n ) qhead @ cells q + @ qhead @ 1+ qsize mod qhead ! -1 qcount +! ;
q-init 1 enqueue 2 enqueue 3 enqueue dequeue . dequeue . cr
4 enqueue 5 enqueue 6 enqueue 7 enqueue 8 enqueue cr
: drain begin q-empty? 0= while dequeue . repeat cr ;
drain qcount @ . cr
