\ SEE and TRACE show the word that compiled each piece of code, as the
\ compiler recorded it, even when the text it was compiled from is gone:
\ here a definition is EVALUATEd from a buffer that is then blanked.
: ?stop ( flag -- ) postpone if postpone leave postpone then ; immediate
create buf 100 allot
s" : f 4 0 do i 2 = ?stop i . loop [char] * emit ;" buf swap move
buf 49 evaluate
buf 100 blank
see f
trace f
f
