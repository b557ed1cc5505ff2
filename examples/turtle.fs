\ Turtle graphics: a square spiral and a tree, each drawn by a word that
\ calls itself (RECURSE).
\
\   playforth examples/turtle.fs     draw both and save them as turtle.svg
\   include examples/turtle.fs       only load it, then try:  5 spiral  or  60 tree
\
\ The turtle starts at 0 0, the centre, facing up with its pen down;
\ docs/turtle.md has every turtle word.

: spiral ( n -- )              \ a square spiral: each side 8 steps longer
  dup 200 > if drop exit then
  dup forward 90 right
  8 + recurse ;

: branch-color ( n -- )        \ thin branches are leaves
  16 < if $2e8b57 else $6b4226 then setpencolor ;
: branch-size ( n -- ) 10 / 1+ setpensize ;
: branch-pen ( n -- ) dup branch-color branch-size ;

: tree ( n -- )                \ a trunk n long with two smaller trees on top;
  dup 8 < if drop exit then    \ the turtle ends where it started
  dup branch-pen  dup forward
  30 left   dup 3 4 */ recurse
  60 right  dup 3 4 */ recurse
  30 left   dup branch-pen backward ;

: scene ( -- )                 \ the spiral on the left, the tree on the right
  $f4f0e6 setscreencolor
  penup -170 -10 setxy pendown  3 setpensize $2a6f97 setpencolor  5 spiral
  penup 150 -160 setxy 0 setheading pendown  70 tree
  hideturtle ;

script? [if]
  scene  s" turtle.svg" save-drawing
  .( turtle.svg written: open it in a browser) cr
[then]
