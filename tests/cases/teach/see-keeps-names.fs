\ SEE shows literals as they were written when the source confirms them:
\ variables, CREATEd words and constants by name, ['] name, [char] c, c" …".
variable hits
: hit ( -- ) 1 hits +! hits @ . ;
see hit
create board 9 allot
10 constant ten
: cell-of ( n -- addr ) ten mod board + ;
see cell-of
: t ['] dup execute [char] x emit c" abc" count type ;
see t
\ A plain number stays a number.
: n ( -- n ) 10 ;
see n
\ A redefined name no longer matches: the number shows.
variable hits
see hit
