\ FILE-POSITION, REPOSITION-FILE and RESIZE-FILE on a binary file of cells.
s" corpus-117-cells.bin" 2constant fname
0 value fid
variable cellbuf
: put ( n -- ) cellbuf ! cellbuf cell fid write-file throw ;
: get-at ( i -- n ) cells s>d fid reposition-file throw cellbuf cell fid read-file throw drop cellbuf @ ;
fname r/w bin create-file throw to fid
: fill-squares 10 0 do i i * put loop ;
fill-squares
fid file-position throw d. cr
3 get-at . 9 get-at . 0 get-at . cr
5 cells s>d fid resize-file throw
fid file-size throw d. cr
4 get-at . cr
fid close-file throw
fname delete-file throw
