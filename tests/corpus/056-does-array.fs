\ CREATE DOES> arrays: cell arrays that index themselves.
: array ( n "name" -- ) create cells allot does> ( i -- addr ) swap cells + ;
10 array squares
: fill-squares 10 0 do i i * i squares ! loop ;
: .squares 10 0 do i squares @ . loop cr ;
fill-squares .squares
3 squares @ 7 squares @ + . cr
: 2d-array ( rows cols "name" -- ) create dup , * cells allot does> ( r c -- addr ) >r swap r@ @ * + 1+ cells r> + ;
3 4 2d-array grid
: fill-grid 3 0 do 4 0 do j 10 * i + j i grid ! loop loop ;
: .grid 3 0 do 4 0 do j i grid @ 4 .r loop cr loop ;
fill-grid .grid
