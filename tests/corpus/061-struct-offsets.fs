\ A record layout by hand with named offsets (the pre-+FIELD way).
0 constant p.x  1 cells constant p.y  2 cells constant /point
create p1 /point allot  create p2 /point allot
: point! ( x y p -- ) tuck p.y + ! p.x + ! ;
: .point ( p -- ) ." (" dup p.x + @ 0 .r ." ," p.y + @ 0 .r ." )" ;
3 4 p1 point! -1 7 p2 point!
p1 .point space p2 .point cr
: manhattan ( p q -- n ) 2dup p.x + @ swap p.x + @ - abs >r p.y + @ swap p.y + @ - abs r> + ;
p1 p2 manhattan . cr
