\ A tiny wc: read a file a byte at a time and count lines, nwords, bytes.
s" corpus-115-text.txt" 2constant fname
0 value fid
fname w/o create-file throw to fid
s" the cat sat" fid write-line throw
s"   on the  mat " fid write-line throw
s" end" fid write-line throw
fid close-file throw
variable lines variable nwords variable bytes variable in-word
create ch 1 allot
: count-byte ( c -- )
  1 bytes +!
  dup 10 = if 1 lines +! then
  bl > if in-word @ 0= if 1 nwords +! then in-word on else in-word off then ;
: wc ( -- )
  0 lines ! 0 nwords ! 0 bytes ! in-word off
  fname r/o open-file throw to fid
  begin ch 1 fid read-file throw while ch c@ count-byte repeat
  fid close-file throw
  lines @ . nwords @ . bytes @ . cr ;
wc
fname delete-file throw
