create b 64 allot  b 64 erase
: put ( color sq -- ) b + c! ;
1 27 put  1 36 put  2 28 put  2 35 put
\ An empty square that brackets nothing: no discs turn, the board is unchanged.
b 0 1 flip  b 0 + c@
\ An occupied square is never a move.
b 28 1 flip  b 28 + c@
\ The same move is fine for the other side.
b 20 2 flips  b 20 1 flips
