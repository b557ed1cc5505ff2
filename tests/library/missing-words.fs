\ missing-words.fs -- NOT part of the tfl library: stand-ins for the
\ gforth words the library takes for granted on gforth and playforth does
\ not have yet. Each is defined only when it is missing, so once playforth
\ has the word this file defines nothing.
\
\ tests/all/library.rs runs the library twice under playforth: as it is
\ (which shows what is still missing) and with this file loaded first
\ (which checks everything else the library does, byte for byte).

\ exception: gforth's own start-up takes -2050 (for malformed UTF-8), so
\ the first code a program gets is -2051.
[undefined] exception [if]
  variable mw.next-exception  -2051 mw.next-exception !
  : exception ( c-addr u -- n )
    2drop  mw.next-exception @  -1 mw.next-exception +! ;
[then]

[undefined] float [if]
  1 floats constant float ( -- u )
[then]

[undefined] newline [if]
  : newline ( -- c-addr u )  s\" \n" ;
[then]

\ f>r fr> fr@ keep floats on a stack of their own here; config.fs would
\ otherwise build them from rp@ and rp!, which playforth does not have
\ (its return addresses are kept apart from the return stack).
[undefined] f>r [if]
  create mw.fstack  16 floats allot
  variable mw.fsp  mw.fstack mw.fsp !
  : f>r ( r -- )  mw.fsp @ f!  float mw.fsp +! ;
  : fr> ( -- r )  float negate mw.fsp +!  mw.fsp @ f@ ;
  : fr@ ( -- r )  mw.fsp @ float - f@ ;
[then]
