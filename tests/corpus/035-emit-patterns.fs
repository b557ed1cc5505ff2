\ Text patterns with EMIT and SPACES: triangle, diamond, box.
: stars ( n -- ) 0 ?do [char] * emit loop ;
: triangle ( n -- ) 1+ 1 do i stars cr loop ;
4 triangle
: diamond-line ( n i -- ) tuck - spaces 2* 1- stars cr ;
: diamond ( n -- ) dup 1+ 1 do dup i diamond-line loop 1 over 1- do dup i diamond-line -1 +loop drop ;
3 diamond
: box ( w h -- )
  over stars cr
  2 - 0 ?do [char] * emit dup 2 - spaces [char] * emit cr loop
  stars cr ;
6 4 box
