\ Output and files cannot be taken back, and undo says so.
1 2
. .
undo
s" /tmp/playforth-undo-case.txt" w/o create-file throw value fid
s" hello" fid write-line throw  fid close-file throw
undo
