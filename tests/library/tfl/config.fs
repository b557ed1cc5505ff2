\ tfl/config.fs -- the tfl library's configuration: which system runs it,
\ and the words the rest of the library takes for granted.
\
\ tfl is a small library of data structures, parsers, codecs and
\ calculations, written as a test corpus for ANS/Forth-2012 systems in
\ the style of the big gforth libraries: every module starts with
\ `require config.fs`, guards itself against being loaded twice, and
\ has a test module test/tXXX.fs.

[undefined] tfl.version [if]

100 constant tfl.version   ( -- n ) \ 1.00

\ ---------------------------------------------------------------------
\ Which system?

s" gforth" environment? [if]
  2drop true
[else]
  false
[then] constant tfl.gforth   ( -- flag )

s" ADDRESS-UNIT-BITS" environment? 0= [if] 8 [then]
  constant tfl.au-bits      ( -- n ) \ bits in an address unit

1 cells tfl.au-bits * constant tfl.cell-bits   ( -- n )

\ ---------------------------------------------------------------------
\ Words gforth has and a plain ANS system may not.

tfl.gforth 0= [if]
  \ exception: a fresh throw code for a message (the message is lost).
  variable tfl.next-throw   -4000 tfl.next-throw !
  : exception ( c-addr u -- n )  2drop  tfl.next-throw @  -1 tfl.next-throw +! ;
  1 floats constant float     ( -- u ) \ size of one float
  : newline ( -- c-addr u )  s\" \n" ;
[then]

[undefined] cell- [if]
  : cell- ( a-addr1 -- a-addr2 )  [ 1 cells ] literal - ;
[then]

[undefined] bounds [if]
  : bounds ( c-addr u -- c-addr+u c-addr )  over + swap ;
[then]

[undefined] rdrop [if]
  : rdrop ( R: x -- )  postpone r> postpone drop ; immediate
[then]

[undefined] 0>= [if]
  : 0>= ( n -- flag )  0< 0= ;
[then]

[undefined] 3dup [if]
  : 3dup ( x1 x2 x3 -- x1 x2 x3 x1 x2 x3 )  2 pick 2 pick 2 pick ;
[then]

[undefined] under+ [if]
  : under+ ( n1 x n2 -- n1+n2 x )  rot + swap ;
[then]

\ f>r fr> fr@: a float kept on the return stack, one float wide.
[undefined] f>r [if]
  : f>r ( r -- ) ( R: -- r )   r> rp@ float - rp! rp@ f! >r ;
  : fr> ( -- r ) ( R: r -- )   r> rp@ f@ rp@ float + rp! >r ;
  : fr@ ( -- r ) ( R: r -- r ) r> rp@ f@ >r ;
[then]

\ Forth-2012 locals on a system with only gforth's { }: {: a b | c -- d :}
\ becomes  0 { a b c -- d }  (the locals after | start as zero).
[undefined] {: [if]
  create tfl.lcl-text 256 chars allot
  variable tfl.lcl-len
  variable tfl.lcl-bar      \ after |, before --
  variable tfl.lcl-zeros    \ how many locals start as zero

  : tfl.lcl+ ( c-addr u -- )
    tuck  tfl.lcl-text tfl.lcl-len @ chars +  swap chars move
    tfl.lcl-len +! ;

  : tfl.lcl= ( c-addr1 u1 c-addr2 u2 -- c-addr1 u1 flag )  2over compare 0= ;

  : {: ( "locals :}" -- )
    0 tfl.lcl-len !  false tfl.lcl-bar !  0 tfl.lcl-zeros !
    s" { " tfl.lcl+
    begin
      parse-name  dup 0= abort" {: without :}"
      s" :}" tfl.lcl= 0=
    while
      s" |" tfl.lcl= if
        2drop  true tfl.lcl-bar !
      else
        s" --" tfl.lcl= if  false tfl.lcl-bar !  then
        tfl.lcl-bar @ if  1 tfl.lcl-zeros +!  then
        tfl.lcl+  s"  " tfl.lcl+
      then
    repeat 2drop
    tfl.lcl-zeros @ 0 ?do  0 postpone literal  loop
    s" }" tfl.lcl+  tfl.lcl-text tfl.lcl-len @ evaluate ; immediate
[then]

\ ---------------------------------------------------------------------
\ Small helpers every module uses.

: tfl.hex. ( u n -- ) \ print u as n hexadecimal digits, then a space
  base @ >r hex
  >r 0 <# r> 0 ?do # loop #> type space
  r> base ! ;

: tfl.str-new ( c-addr1 u -- c-addr2 u ) \ an allocated copy of a string
  dup allocate throw  swap 2dup 2>r  move  2r> ;

[then]
