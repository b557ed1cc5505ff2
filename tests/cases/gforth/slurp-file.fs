\ slurp-file reads a whole file into an ALLOCATEd block
s" slurp-case.txt" w/o create-file throw constant fid
s" one" fid write-line throw s" two" fid write-line throw fid close-file throw
s" slurp-case.txt" slurp-file 2dup type dup . drop free throw
s" slurp-case.txt" delete-file throw
s" no-such-file.txt" slurp-file
