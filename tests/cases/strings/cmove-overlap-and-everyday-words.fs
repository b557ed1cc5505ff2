\ CMOVE copies lowest address first: onto the next byte it repeats the first
create buf 8 allot  s" abcdefgh" buf swap move
buf buf 1+ 7 cmove  buf 8 type
s" abcdefgh" buf swap move  buf 1+ buf 7 cmove  buf 8 type
s" abcdefgh" buf swap move  buf 2 + buf 8 + 1- 0 cmove  buf 8 type
\ a range past memory copies nothing: -9
buf -1 8 cmove
buf 8 type
\ the same words inside a definition (run by the inner loop)
: copy-up ( -- ) buf buf 1+ 7 cmove ;
s" abcdefgh" buf swap move  copy-up  buf 8 type
: cmp ( a u a u -- n ) compare ;
s" abc" s" abd" cmp .  s" abd" s" abc" cmp .  s" ab" s" abc" cmp .  s" abc" s" abc" cmp .
: cnt ( a -- a u ) count ;
create name 5 c, char h c, char e c, char l c, char l c, char o c,
name cnt type
: rest ( a u -- a u ) 2 /string ;  s" forth" rest type
: pair ( a b -- a b a b ) 2>r 2r@ 2r> ;  1 2 pair .s 2drop 2drop
: third ( a b c -- a b c a ) 2 pick ;  7 8 9 third .s 2drop 2drop
: 2o ( a b c d -- a b c d a b ) 2over ; : 2s ( a b c d -- c d a b ) 2swap ;
1 2 3 4 2o .s 2drop 2s .s 2drop 2drop
\ errors inside a definition report the word, as at the prompt
: taker ( -- a b ) 2r> ;  taker
1 : p ( n -- x ) pick ;  p
: up ( -- ) buf -1 8 cmove ;  up
\ a CREATEd word no longer the newest is compiled as its address; SEE shows its name
create scores 10 , 20 ,
: second ( -- n ) scores cell+ @ ;  second .  see second
\ DOES> after CREATE, at the prompt, still changes the word
create seen 3 ,  does> @ 100 + ;  : show ( -- ) seen . ;  show
