create b 25 allot  b 25 erase
: put ( player sq -- ) b + c! ;
1 0 put  1 24 put  2 4 put  2 20 put
\ From the start each piece reaches 16 squares by 94 paths.
b 0 reach bit-count
: paths ( sq -- n ) 0 25 0 do b 2 pick i path-count + loop nip ;
0 paths 24 paths
\ A shortest path: from (0,0) to (2,0) in two steps.
create p 6 cells allot
b 0 2 p path  p @ p cell+ @ p 2 cells + @
\ An enemy is taken only on the fifth step: (4,0) from (0,0) is four steps, so never;
\ an enemy one step away is taken by a five-step detour.
b 0 4 p path
b 25 erase  1 0 put  2 1 put  2 24 put
b 0 1 p path  b 0 reach 2 and 0<>
\ Squares in the way block a path; the piece's own square counts as visited.
b 25 erase  1 0 put  1 1 put  1 5 put  2 24 put
b 0 reach
\ An empty square reaches nothing; bad squares and boards are errors.
b 12 reach
b 25 0 p path
