\ eats: the capture masks of the seed, rat 0 .. elephant 7.
: .masks 8 0 do i eats . loop ; hex .masks decimal
\ capture? agrees with eats for all 64 pairs.
: agree? ( -- flag ) true 8 0 do 8 0 do j i capture? j eats i rshift 1 and 0<> = and loop loop ;
agree?
0 7 capture? 7 0 capture? 5 5 capture? 3 4 capture?
8 0 capture?
