\ test/trle.fs -- tests of tfl/rle.fs

require tester.fs
require ../tfl/rle.fs

s" trle" t-begin

create packed 600 chars allot
create unpacked 600 chars allot
create data 600 chars allot
variable #data

: hex-bytes ( "hh hh ..." -- ) \ the rest of the line into data
  0 #data !  base @ >r hex
  begin  parse-name dup  while
    0 0 2swap >number 2drop d>s  data #data @ chars + c!  1 #data +!
  repeat 2drop  r> base ! ;

: .bytes ( c-addr u -- )  bounds ?do  i c@ 2 tfl.hex.  loop ;
: pack ( c-addr u -- c-addr2 u2 )  packed rle-pack ;
: unpack ( c-addr u -- c-addr2 u2 )  unpacked 600 rle-unpack ;

\ the example in Apple's technical note on PackBits
hex-bytes AA AA AA 80 00 2A AA AA AA AA 80 00 2A 22 AA AA AA AA AA AA AA AA AA AA
data #data @ pack .bytes cr
t{ data #data @ pack nip -> 15 }t
t{ data #data @ pack unpack  data #data @ compare -> 0 }t

t{ s" " pack nip -> 0 }t
t{ s" a" pack s\" \x00a" t-str -> }t
t{ s" aa" pack s\" \x01aa" t-str -> }t
t{ s" aaa" pack s\" \xFEa" t-str -> }t
t{ s" abbbbc" pack s\" \x00a\xFDb\x00c" t-str -> }t

: .rle ( c-addr u -- )
  2dup type ."  (" dup 0 .r ." ) -> "
  pack 2dup .bytes ." (" dup 0 .r ." ) -> " unpack type cr ;
s" WWWWWWWWWWWWBWWWWWWWWWWWWBBBWWWWWWWWWWWWWWWWWWWWWWWWBWWWWWWWWWWWWWW" .rle
s" abcabc" .rle

\ long runs and long literals are cut at 128
data 300 char z fill
t{ data 300 pack nip -> 6 }t
t{ data 300 pack .bytes -> }t cr
: ramp ( n -- )  0 ?do  i 7 * 256 mod  data i chars + c!  loop ;
t{ 300 ramp  data 300 pack nip -> 303 }t
t{ data 300 pack unpack data 300 compare -> 0 }t
t{ data 300 pack drop c@  packed 129 chars + c@ -> 127 127 }t

t{ s\" \x05ab" unpacked 10 ' rle-unpack t-catch -> rle.err-input }t
t{ s\" \xF0" unpacked 10 ' rle-unpack t-catch -> rle.err-input }t
t{ s\" \xF0x" unpacked 10 ' rle-unpack t-catch -> rle.err-room }t
t{ s\" \x80\x80\xFFq" unpack s" qq" t-str -> }t

t-end
