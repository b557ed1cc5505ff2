\ 3x3 integer matrix multiplication and transpose.
: matrix ( "name" -- ) create 9 cells allot does> ( r c -- addr ) >r swap 3 * + cells r> + ;
matrix ma matrix mb matrix mc
: init-a 9 0 do i 1+ i 3 /mod swap ma ! loop ;
: init-b 9 0 do 9 i - i 3 /mod swap mb ! loop ;
variable r variable c
: dot ( -- n ) 0 3 0 do r @ i ma @ i c @ mb @ * + loop ;
: mul 3 0 do i r ! 3 0 do i c ! dot r @ c @ mc ! loop loop ;
: .m ( xt -- ) 3 0 do 3 0 do j i 2 pick execute @ 5 .r loop cr loop drop ;
init-a init-b mul
' ma .m cr ' mb .m cr ' mc .m
: transpose 3 0 do 3 0 do j i ma @ i j mc ! loop loop ;
cr transpose ' mc .m
