\ Digits exist for bases 2 to 36. In any other BASE a number is read
\ as no number, and printing one is an error too, never digits of
\ base 2 or 36; the stack after ok shows decimal then.
5 37 base ! .
decimal 5 1 base ! u.
decimal 5 3 0 base ! .r
decimal 5 s>d 37 base ! <# #s #> type
decimal 5 -1 base ! .s
decimal 5. 40 base ! d.
decimal 0. s" 10" 37 base ! >number decimal nip . drop .
decimal 37 base ! 10
decimal 12 37 base !
decimal . 36 base ! 10 . decimal
