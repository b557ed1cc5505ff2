\ gforth's ." with escapes: .\" and s\" in definitions.
: banner .\" +------+\n|  hi  |\n+------+\n" ;
banner
: tabbed .\" a\tb\tc\n" ;
tabbed
: quoted .\" she said \"yes\"\n" ;
quoted
: bell-free s\" x\\y" type cr ;
bell-free
