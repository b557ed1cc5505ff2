\ File I/O: write lines with WRITE-LINE, read them back with READ-LINE.
\ (Files are made in the current directory; the corpus test runs each
\ program in a fresh directory under /tmp.)
s" corpus-111-lines.txt" 2constant fname
0 value fid
: write-lines
  fname w/o create-file throw to fid
  s" first line" fid write-line throw
  s" second line" fid write-line throw
  s" " fid write-line throw
  s" fourth, after a blank" fid write-line throw
  fid close-file throw ;
create line-buf 256 allot
: read-lines
  fname r/o open-file throw to fid
  1 begin line-buf 256 fid read-line throw while
    over 2 .r ." : " line-buf swap type cr 1+
  repeat 2drop
  fid close-file throw ;
write-lines read-lines
fname delete-file throw
fname r/o open-file nip 0<> . cr
