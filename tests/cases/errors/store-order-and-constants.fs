\ A store with its two cells the wrong way round, or into a constant:
\ the message says what to write.
variable total
total 0 !
create buf 8 allot
buf 65 c!
5 constant five
five 6 !
\ an address that is nobody's: no note
0 1 !
