\ gforth words that copied programs use
: check ( n -- ) 0< ?exit ." not negative " ;
5 check -5 check 0 check .s
: lpos { n } n 0< ?exit n . ;
7 lpos -7 lpos
\ [IFDEF] and [IFUNDEF], also skipped inside a skipped [IF]
[ifdef] dup .( dup is here) [else] .( no dup) [then]
[ifundef] frobnicate .( no frobnicate) [then]
0 [if] [ifdef] dup .( wrong) [then] .( wrong too) [else] .( skipped right) [then]
\ .NAME prints a name token's name
s" swap" find-name .name
\ S>NUMBER? reads as the interpreter does, into a double
s" 123" s>number? . d.  s" -12.5" s>number? . d.  s" $ff" s>number? . d.  s" 1x" s>number? . d.
\ DEFERS compiles what a deferred word does now
defer greet  :noname ." hello " ; is greet
: twice ( -- ) defers greet defers greet ;
:noname ." bye " ; is greet
twice greet
\ STRING, stores a counted string without aligning
here s" abc" string, here swap - .
\ 16- and 32-bit access, unsigned, little-endian
create buf 8 allot
-2 buf w!  buf w@ .  buf c@ .
-1 buf l!  buf l@ .
$12345678 buf l!  buf w@ hex. buf 2 + w@ hex. decimal
\ where the interpreter is reading
sourceline# .  sourcefilename type
