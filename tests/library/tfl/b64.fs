\ tfl/b64.fs -- base64 (RFC 4648): encoding bytes as text and back.
\
\   b64-encode ( c-addr1 u1 c-addr2 -- c-addr2 u2 )  c-addr2 holds the text,
\                                  which is b64-encoded-size ( u1 -- u2 ) long
\   b64-decode ( c-addr1 u1 c-addr2 -- c-addr2 u2 )  throws b64.err-input

require config.fs

[undefined] b64.version [if]

100 constant b64.version

s" not base64 text" exception constant b64.err-input   ( -- n )

create b64.alphabet  ( -- c-addr ) \ the 64 digits
  s" ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
  here swap dup chars allot move

create b64.values  ( -- c-addr ) \ each character's digit, 255 if none
  256 chars allot
  b64.values 256 chars 255 fill
  :noname ( -- )  64 0 do  i  b64.alphabet i chars + c@ chars b64.values + c!  loop ;
  execute

char = constant b64.pad

variable b64.acc      \ bits not written yet
variable b64.bits     \ how many
variable b64.out      \ where the next character goes

: b64.emit ( char -- )  b64.out @ c!  1 chars b64.out +! ;

: b64.start ( c-addr -- )  b64.out !  0 b64.acc !  0 b64.bits ! ;

: b64.take ( u bits -- ) \ add the low bits of u to the accumulator
  dup b64.bits +!
  b64.acc @ swap lshift or b64.acc ! ;

: b64.give ( bits -- u ) \ take the high bits of the accumulator
  negate b64.bits +!
  b64.acc @ b64.bits @ rshift
  b64.acc @  1 b64.bits @ lshift 1-  and  b64.acc ! ;

: b64-encoded-size ( u1 -- u2 )  2 + 3 / 4 * ;

: b64-encode ( c-addr1 u1 c-addr2 -- c-addr2 u2 )
  dup >r b64.start
  bounds ?do
    i c@ 8 b64.take
    begin  b64.bits @ 6 >=  while
      6 b64.give chars b64.alphabet + c@ b64.emit
    repeat
  1 chars +loop
  b64.bits @ if  \ the last bits, made up to a digit with zeros
    0  6 b64.bits @ -  b64.take
    6 b64.give chars b64.alphabet + c@ b64.emit
  then
  begin  b64.out @ r@ - 3 and  while  b64.pad b64.emit  repeat
  r> b64.out @ over - ;

: b64.unpad ( c-addr u1 -- c-addr u2 ) \ without the padding (two at most)
  2 0 do
    dup if  2dup + 1 chars - c@ b64.pad = if  1-  then  then
  loop ;

: b64-decode ( c-addr1 u1 c-addr2 -- c-addr2 u2 )
  dup >r b64.start
  dup 3 and  if  b64.err-input throw  then
  b64.unpad  dup 3 and 1 =  if  b64.err-input throw  then
  bounds ?do
    i c@ chars b64.values + c@
    dup 255 = if  b64.err-input throw  then
    6 b64.take
    b64.bits @ 8 >= if  8 b64.give b64.emit  then
  1 chars +loop
  r> b64.out @ over - ;

[then]
