\ Storing strings in the dictionary with , and C, and printing them back.
create greeting 5 c, char H c, char e c, char l c, char l c, char o c,
greeting count type cr
: str, ( a u -- ) dup c, bounds ?do i c@ c, loop ;
create motto s" Keep it simple" str,
motto count type cr motto c@ . cr
create words3 s" one" str, s" two" str, s" three" str,
: .words3 ( -- ) words3 3 0 do count 2dup type space + loop drop cr ;
.words3
