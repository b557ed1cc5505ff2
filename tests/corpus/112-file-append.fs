\ WRITE-FILE, FILE-SIZE, REPOSITION-FILE to append, READ-FILE of the whole file.
s" corpus-112-data.txt" 2constant fname
0 value fid
create buf 200 allot
fname w/o create-file throw to fid
s" Hello" fid write-file throw
fid close-file throw
fname r/w open-file throw to fid
fid file-size throw d. cr
fid file-size throw fid reposition-file throw
s" , world!" fid write-file throw fid flush-file throw
fid file-size throw d. cr
0. fid reposition-file throw
buf 200 fid read-file throw buf swap type cr
fid close-file throw
fname delete-file throw
