\ Roman numerals by table lookup.
create values 1000 , 900 , 500 , 400 , 100 , 90 , 50 , 40 , 10 , 9 , 5 , 4 , 1 ,
: .sym ( i -- )
  2* s" M CMD CDC XCL XLX IXV IVI " drop + 2 -trailing type ;
: roman ( n -- )
  13 0 do
    begin dup values i cells + @ >= while
      i .sym  values i cells + @ -
    repeat
  loop drop ;
1 roman space 4 roman space 9 roman space 14 roman space 1994 roman space 2024 roman space 3999 roman cr
