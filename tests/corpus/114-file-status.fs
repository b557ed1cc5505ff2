\ FILE-STATUS, RENAME-FILE, DELETE-FILE and errors for missing files.
s" corpus-114-a.txt" 2constant name-a
s" corpus-114-b.txt" 2constant name-b
: exists? ( a u -- f ) file-status nip 0= ;
name-a w/o create-file throw close-file throw
name-a exists? . name-b exists? . cr
name-a name-b rename-file throw
name-a exists? . name-b exists? . cr
name-b delete-file throw
name-a exists? . name-b exists? . cr
name-b delete-file 0<> . cr
s" corpus-114-missing.txt" r/o open-file nip 0<> . cr
