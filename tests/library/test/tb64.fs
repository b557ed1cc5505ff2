\ test/tb64.fs -- tests of tfl/b64.fs

require tester.fs
require ../tfl/b64.fs

s" tb64" t-begin

create text 80 chars allot
create back 80 chars allot

: enc ( c-addr u -- c-addr2 u2 )  text b64-encode ;
: dec ( c-addr u -- c-addr2 u2 )  back b64-decode ;

\ RFC 4648's test vectors
t{ s" "       enc s" "         t-str -> }t
t{ s" f"      enc s" Zg=="     t-str -> }t
t{ s" fo"     enc s" Zm8="     t-str -> }t
t{ s" foo"    enc s" Zm9v"     t-str -> }t
t{ s" foob"   enc s" Zm9vYg==" t-str -> }t
t{ s" fooba"  enc s" Zm9vYmE=" t-str -> }t
t{ s" foobar" enc s" Zm9vYmFy" t-str -> }t
t{ s" Zm9vYmE=" dec s" fooba" t-str -> }t
t{ s" Zg==" dec s" f" t-str -> }t
t{ s" " dec nip -> 0 }t

t{ 0 b64-encoded-size  1 b64-encoded-size  3 b64-encoded-size  4 b64-encoded-size -> 0 4 4 8 }t

: .b64 ( c-addr u -- )  2dup type ."  -> " enc 2dup type ."  -> " dec type cr ;
s" Forth-2012" .b64
s\" tab\there\n" enc type cr

\ every byte value survives the round trip
create bytes 256 chars allot
:noname  256 0 do  i  bytes i chars + c!  loop ; execute
t{ bytes 48 enc nip -> 64 }t
t{ bytes 48 enc dec bytes 48 compare -> 0 }t
: round-trip ( from n -- flag )  swap chars bytes + swap  2dup enc dec compare 0= ;
: all-round-trips ( -- flag )
  true  256 0 do  i 256 i - 58 min round-trip and  7 +loop ;
t{ all-round-trips -> true }t

t{ s" Zg="   ' dec t-catch -> b64.err-input }t
t{ s" Z==="  ' dec t-catch -> b64.err-input }t
t{ s" Zm9v!A==" ' dec t-catch -> b64.err-input }t
t{ s" Zm=v"  ' dec t-catch -> b64.err-input }t

t-end
