\ tfl/str.fs -- dynamic strings: text in allocated memory that grows as
\ it is needed, with editing, search and replace, numbers, and files.
(
  A str is a handle: the address of a structure holding the text's
  address, its length and the room allocated. str-get gives the text as
  c-addr u, valid until the str is changed. The library's internal words
  live in the word list str.private, which is searched only while this
  file is loaded.
)
\   str-new ( -- str )   str-append ( c-addr u str -- )   str-get ( str -- c-addr u )
\   str-replace-all ( c-addr1 u1 c-addr2 u2 str -- u )   how many replaced
\   str-write ( c-addr u str -- ) str-read ( c-addr u str -- )   to and from files

require config.fs

[undefined] str.version [if]

100 constant str.version

s" no such position in the string" exception constant str.err-index  ( -- n )

wordlist constant str.private
get-order str.private swap 1+ set-order     \ search it
get-current  str.private set-current        \ define into it

begin-structure str%
  field: str>data
  field: str>length
  field: str>size
end-structure

16 value str.min-size                        \ the smallest allocation

: str.grow ( u str -- ) \ make room for u more characters
  dup str>length @ rot +  over str>size @  over < if   ( str needed )
    dup 2/ +  str.min-size max                        ( str new-size )
    over str>data @ over chars resize throw           ( str new-size a-addr )
    2 pick str>data !  swap str>size !
  else  2drop  then ;

: str.addr ( n str -- c-addr ) \ where character n is
  str>data @ swap chars + ;

: str.check ( n str -- n str ) \ 0 <= n <= length
  over 0<  2 pick 2 pick str>length @ > or  if  str.err-index throw  then ;

: str.each, ( -- ) \ compile: ( str -- end start ) for a ?do over the text
  postpone dup  postpone str>data postpone @
  postpone swap  postpone str>length postpone @  postpone chars
  postpone bounds ; immediate

: str.digit ( u -- char )
  [ s" 0123456789abcdefghijklmnopqrstuvwxyz" ] sliteral drop + c@ ;

set-current   \ the public words

: str-new ( -- str )
  str% allocate throw
  str.min-size chars allocate throw over str>data !
  0 over str>length !  str.min-size over str>size ! ;

: str-free ( str -- )  dup str>data @ free throw  free throw ;
: str-get ( str -- c-addr u )  dup str>data @ swap str>length @ ;
: str-length ( str -- u )  str>length @ ;
: str-clear ( str -- )  0 swap str>length ! ;

: str-append ( c-addr u str -- )
  2dup str.grow
  dup >r str-get chars +  swap dup >r chars move
  r> r> str>length +! ;

: str-set ( c-addr u str -- )  dup str-clear str-append ;

: str-append-char ( char str -- )
  1 over str.grow
  dup str-get chars + rot swap c!  1 swap str>length +! ;

: str-insert ( c-addr u n str -- ) \ before character n
  str.check
  {: c-addr u n str :}
  u str str.grow
  n str str.addr  dup u chars +  str str-length n - chars  cmove>
  c-addr  n str str.addr  u chars move
  u str str>length +! ;

: str-prepend ( c-addr u str -- )  0 swap str-insert ;

: str-delete ( n u str -- ) \ u characters from character n
  rot swap str.check  rot                        ( n str u )
  over str-length 3 pick - min                   ( n str u' )
  {: n str u :}
  n u + str str.addr  n str str.addr  str str-length n - u - chars  move
  u negate str str>length +! ;

: str-index ( c-addr u str -- n | -1 ) \ where the text first is
  >r r@ str-get 2swap search if  drop r> str>data @ - 1 chars /  else  2drop r> drop -1  then ;

: str-replace-all ( c-addr1 u1 c-addr2 u2 str -- u ) \ each c-addr1 u1 by c-addr2 u2
  {: old u-old new u-new str | from n :}
  u-old 0= if  0 exit  then
  begin
    str str-get from /string old u-old search
  while
    drop str str>data @ - 1 chars /               ( n )
    dup u-old str str-delete
    new u-new 2 pick str str-insert
    u-new + to from  n 1+ to n
  repeat 2drop n ;

: str-upper ( str -- )
  str.each, ?do  i c@ toupper i c!  1 chars +loop ;

: str-reverse ( str -- )
  {: str :}
  str str-length 2/ 0 ?do
    i str str.addr c@  str str-length 1- i - str str.addr c@
    i str str.addr c!  str str-length 1- i - str str.addr c!
  loop ;

: str-count-any ( c-addr u str -- n ) \ characters of the text that are in c-addr u
  0 swap str.each, ?do              ( c-addr u n )
    2 pick 2 pick bounds ?do
      j c@ i c@ = if  1+ leave  then
    loop
  1 chars +loop nip nip ;

: str.u ( u str -- ) \ u in BASE, most significant digit first
  >r  0 base @ um/mod                ( rem quot )
  ?dup if  r@ recurse  then
  str.digit r> str-append-char ;

: str-append-number ( n str -- ) \ signed, in BASE
  over 0< if  [char] - over str-append-char  swap negate swap  then
  str.u ;

: str-append-double ( d str -- ) \ signed, in BASE, with pictured output
  >r  tuck dabs <# #s rot sign #>  r> str-append ;

: str-write ( c-addr u str -- ) \ the text into the file named c-addr u
  >r  w/o create-file throw
  r> str-get 2 pick write-file throw
  close-file throw ;

: str-read ( c-addr u str -- ) \ the file named c-addr u into the string
  >r  r/o open-file throw
  dup file-size throw drop                       ( fid size )
  dup r@ str-clear r@ str.grow
  r@ str>data @ swap 2 pick read-file throw r> str>length !
  close-file throw ;

: str-for-lines ( c-addr u xt -- ) \ xt ( c-addr u -- ) per line of the file
  >r  r/o open-file throw  r> swap                 ( xt fid )
  str-new {: xt fid line :}
  80 line str.grow
  begin
    line str>data @  line str>size @ 2 -  fid read-line throw
  while
    line str>data @ swap xt execute
  repeat drop
  line str-free  fid close-file throw ;

previous   \ str.private is no longer searched

[then]
