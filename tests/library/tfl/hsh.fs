\ tfl/hsh.fs -- a hash table from strings to cells. Each bucket is a
\ tfl list of entries; an entry keeps its own copy of the key.
\
\   hsh-new ( u -- hsh )          u buckets
\   hsh-create ( u "name" -- )    a named table: name ( -- hsh )
\   hsh-put ( x c-addr u hsh -- ) hsh-get ( c-addr u hsh -- x true | false )
\   hsh-fnv1a ( c-addr u -- u32 ) the 32-bit FNV-1a hash of a string

require config.fs
require lst.fs

[undefined] hsh.version [if]

100 constant hsh.version

$FFFFFFFF constant hsh.mask32
2166136261 constant hsh.fnv-basis
16777619   constant hsh.fnv-prime

: hsh-fnv1a ( c-addr u -- u32 )
  hsh.fnv-basis -rot bounds ?do
    i c@ xor  hsh.fnv-prime *  hsh.mask32 and
  loop ;

begin-structure hen%          \ an entry
  2 cells +field hen>key      \ the key's copy: c-addr u, kept with 2!
  field: hen>value
end-structure

begin-structure hsh%
  field: hsh>size             \ buckets
  field: hsh>count            \ entries
  field: hsh>buckets          \ address of size lists
end-structure

: hsh.init ( u hsh -- )
  2dup hsh>size !  0 over hsh>count !
  over cells allocate throw  over hsh>buckets !
  hsh>buckets @ swap cells bounds ?do  lst-new i !  1 cells +loop ;

: hsh-new ( u -- hsh )  hsh% allocate throw  tuck hsh.init ;

: hsh-create ( u "name" -- )
  create  here hsh% allot  hsh.init
  does> ( -- hsh ) ;

: hsh-count ( hsh -- u )  hsh>count @ ;

: hsh.bucket ( c-addr u hsh -- lst )
  >r hsh-fnv1a 0 r@ hsh>size @ um/mod drop  cells r> hsh>buckets @ + @ ;

: hen.key ( hen -- c-addr u )  hen>key 2@ ;

: hsh.entry ( c-addr u hsh -- hen|0 )
  {: c-addr u hsh :}
  c-addr u hsh hsh.bucket lst-first begin  ?dup while
    dup lnd-value hen.key c-addr u compare 0= if  lnd-value exit  then
    lnd-next
  repeat 0 ;

: hsh-get ( c-addr u hsh -- x true | false )
  hsh.entry dup if  hen>value @ true  then ;

: hsh-has? ( c-addr u hsh -- flag )  hsh.entry 0<> ;

: hsh-put ( x c-addr u hsh -- ) \ add or replace
  3dup hsh.entry ?dup if  nip nip nip hen>value !  exit  then
  >r  hen% allocate throw  >r               ( x c-addr u ) ( R: hsh hen )
  2dup tfl.str-new  r@ hen>key 2!
  rot r@ hen>value !  r>                   ( c-addr u hen )
  -rot r@ hsh.bucket lst-append
  1 r> hsh>count +! ;

: hsh-delete ( c-addr u hsh -- flag )
  3dup hsh.entry ?dup 0= if  2drop drop false exit  then
  >r  dup >r hsh.bucket 2r@ drop swap lst-remove drop
  -1 r> hsh>count +!
  r@ hen.key drop free throw  r> free throw
  true ;

: hsh-execute ( i*x xt hsh -- j*x ) \ xt ( i*x x c-addr u -- j*x ), bucket by bucket
  dup hsh>buckets @ swap hsh>size @ cells bounds ?do
    i @ lst-first begin  ?dup while
      2>r  2r@ lnd-value  dup hen>value @ swap hen.key  3 roll execute
      2r> lnd-next
    repeat
  1 cells +loop drop ;

[then]
