\ tfl/stk.fs -- a stack of cells and a queue of cells, both of a fixed
\ capacity chosen when made, kept in allocated memory.
\
\   stk-new ( u -- stk )    stk-push ( x stk -- )   stk-pop ( stk -- x )
\   que-new ( u -- que )    que-put  ( x que -- )   que-get ( que -- x )

require config.fs

[undefined] stk.version [if]

100 constant stk.version

s" stack is empty" exception constant stk.err-empty   ( -- n )
s" stack is full"  exception constant stk.err-full    ( -- n )

\ ---------------------------------------------------------------------
\ The stack

begin-structure stk%
  field: stk>size     \ capacity in cells
  field: stk>depth    \ cells in use
  field: stk>cells    \ address of the cells
end-structure

: stk-new ( u -- stk )
  stk% allocate throw  >r
  dup r@ stk>size !
  0 r@ stk>depth !
  cells allocate throw r@ stk>cells !
  r> ;

: stk-free ( stk -- )
  dup stk>cells @ free throw  free throw ;

: stk-depth ( stk -- u )  stk>depth @ ;
: stk-empty? ( stk -- flag )  stk>depth @ 0= ;
: stk-full? ( stk -- flag )  dup stk>depth @ swap stk>size @ = ;
: stk-clear ( stk -- )  0 swap stk>depth ! ;

: stk.top ( stk -- a-addr ) \ address of the top cell
  dup stk>cells @ swap stk>depth @ 1- cells + ;

: stk-push ( x stk -- )
  dup stk-full? if  stk.err-full throw  then
  1 over stk>depth +!  stk.top ! ;

: stk-pop ( stk -- x )
  dup stk-empty? if  stk.err-empty throw  then
  dup stk.top @  -1 rot stk>depth +! ;

: stk-peek ( stk -- x )
  dup stk-empty? if  stk.err-empty throw  then
  stk.top @ ;

: stk-pick ( u stk -- x ) \ 0 is the top
  2dup stk>depth @ u< 0= if  stk.err-empty throw  then
  stk.top swap cells - @ ;

: stk-execute ( i*x xt stk -- j*x ) \ xt ( i*x x -- j*x ) bottom first
  dup stk>cells @ swap stk>depth @ cells bounds ?do
    i @ swap dup >r execute r>
  1 cells +loop drop ;

\ ---------------------------------------------------------------------
\ The queue: a ring of cells

begin-structure que%
  field: que>size
  field: que>count
  field: que>head     \ index of the oldest cell
  field: que>cells
end-structure

: que-new ( u -- que )
  que% allocate throw
  2dup que>size !
  0 over que>count !  0 over que>head !
  swap cells allocate throw over que>cells ! ;

: que-free ( que -- )  dup que>cells @ free throw  free throw ;
: que-count ( que -- u )  que>count @ ;
: que-empty? ( que -- flag )  que>count @ 0= ;

: que.slot ( u que -- a-addr ) \ the u-th cell after the head
  >r  r@ que>head @ +  r@ que>size @ mod  cells  r> que>cells @ + ;

: que-put ( x que -- )
  dup que>count @ over que>size @ = if  stk.err-full throw  then
  tuck dup que>count @ swap que.slot !
  1 swap que>count +! ;

: que-get ( que -- x )
  dup que-empty? if  stk.err-empty throw  then
  >r  0 r@ que.slot @
  r@ que>head @ 1+  r@ que>size @ mod  r@ que>head !
  -1 r> que>count +! ;

[then]
