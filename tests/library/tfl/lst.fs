\ tfl/lst.fs -- a singly linked list of cells, with a tail pointer so
\ both ends can grow. Nodes are allocated one by one.
\
\   lst-new ( -- lst )   lst-append ( x lst -- )   lst-prepend ( x lst -- )
\   lst-first ( lst -- node|0 )   lnd-next ( node -- node|0 )
\   lnd-value ( node -- x )

require config.fs

[undefined] lst.version [if]

100 constant lst.version

s" no such list element" exception constant lst.err-index   ( -- n )

begin-structure lnd%          \ a node
  field: lnd>next
  field: lnd>value
end-structure

begin-structure lst%          \ a list
  field: lst>first
  field: lst>last
  field: lst>length
end-structure

: lst-new ( -- lst )
  lst% allocate throw
  0 over lst>first !  0 over lst>last !  0 over lst>length ! ;

: lst-first ( lst -- node|0 )  lst>first @ ;
: lnd-next ( node -- node|0 )  lnd>next @ ;
: lnd-value ( node -- x )  lnd>value @ ;
: lst-length ( lst -- u )  lst>length @ ;
: lst-empty? ( lst -- flag )  lst>first @ 0= ;

: lnd.new ( x -- node )
  lnd% allocate throw  tuck lnd>value !  0 over lnd>next ! ;

: lst-prepend ( x lst -- )
  >r lnd.new
  r@ lst>first @ over lnd>next !
  r@ lst>last @ 0= if  dup r@ lst>last !  then
  r@ lst>first !
  1 r> lst>length +! ;

: lst-append ( x lst -- )
  >r lnd.new
  r@ lst>last @ ?dup if  over swap lnd>next !  else  dup r@ lst>first !  then
  r@ lst>last !
  1 r> lst>length +! ;

: lst-nth ( u lst -- x ) \ 0 is the first
  2dup lst-length u< 0= if  lst.err-index throw  then
  lst-first swap 0 ?do  lnd-next  loop  lnd-value ;

: lst-execute ( i*x xt lst -- j*x ) \ xt ( i*x x -- j*x ), first to last
  lst-first begin  ?dup while
    2dup 2>r  lnd-value swap execute  2r> lnd-next
  repeat drop ;

: lst-index ( x lst -- u true | false ) \ where x first is
  0 swap lst-first begin  ?dup while     ( x u node )
    dup lnd-value 3 pick = if  drop nip true exit  then
    lnd-next  1 under+
  repeat 2drop false ;

: lst-remove ( x lst -- flag ) \ take out the first node holding x
  {: x lst | prev :}
  lst lst-first begin  ?dup while
    dup lnd-value x = if
      dup lnd-next  prev if  prev lnd>next !  else  lst lst>first !  then
      dup lst lst>last @ = if  prev lst lst>last !  then
      free throw  -1 lst lst>length +!  true exit
    then
    dup to prev  lnd-next
  repeat false ;

: lst-reverse ( lst -- ) \ in place
  dup lst-first  dup 2 pick lst>last !   ( lst node )
  0 swap begin  ?dup while               ( lst prev node )
    dup lnd-next >r  tuck lnd>next !  r>
  repeat swap lst>first ! ;

: lst-clear ( lst -- ) \ free every node
  dup lst-first begin  ?dup while  dup lnd-next swap free throw  repeat
  0 over lst>first !  0 over lst>last !  0 swap lst>length ! ;

: lst-free ( lst -- )  dup lst-clear free throw ;

[then]
