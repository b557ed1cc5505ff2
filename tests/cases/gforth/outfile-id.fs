\ OUTFILE-ID is a VALUE: the file TYPE, EMIT, . and the other output words
\ write to. Sending it to a file and back to stdout, as gforth programs do:
outfile-id stdout = .
s" outfile-case.txt" w/o create-file throw constant log
log to outfile-id
." into the file " 42 . char ! emit cr s" typed" type
stdout to outfile-id
log close-file throw
." back on stdout"
s" outfile-case.txt" slurp-file type
s" outfile-case.txt" delete-file throw
\ A file id that is not open for writing is an error saying how to get back
\ (gforth 0.7.3 drops the output silently).
log to outfile-id
." lost"
stdout to outfile-id
." found"
