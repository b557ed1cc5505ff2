\ gforth string helpers: PLACE +PLACE STRING-PREFIX? STR= STR<.
create buf 100 allot
s" Hello" buf place s" , " buf +place s" gforth" buf +place
buf count type cr buf c@ . cr
s" gforth rocks" s" gforth" string-prefix? . s" gforth" s" forth" string-prefix? . cr
s" abc" s" abc" str= . s" abc" s" abd" str= . cr
s" abc" s" abd" str< . s" b" s" a" str< . cr
