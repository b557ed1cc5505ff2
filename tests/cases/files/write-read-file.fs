s" /tmp/playforth-case.txt" w/o create-file throw constant fd
s" line one" fd write-line throw s" line two" fd write-line throw fd close-file throw
create lb 80 allot
s" /tmp/playforth-case.txt" r/o open-file throw constant rd
lb 80 rd read-line throw . lb swap type
lb 80 rd read-line throw . lb swap type
lb 80 rd read-line throw . .
rd file-size throw d. rd close-file throw
s" /tmp/playforth-case.txt" delete-file .
