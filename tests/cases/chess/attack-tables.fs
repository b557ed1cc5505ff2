\ a1 (0) to b2 (17): a diagonal slider, a king or a white pawn could attack.
0 17 attack-kinds 0 17 attack-step
\ a1 to h8 (119): only a diagonal slider, step 17.
0 119 attack-kinds 0 119 attack-step
\ a1 to b3 (33): a knight; no slide.
0 33 attack-kinds 0 33 attack-step
\ a1 to a8 (112): straight slider, step 16; b2 to a1: a black pawn could.
0 112 attack-kinds 0 112 attack-step 17 0 attack-kinds
\ Unrelated squares: nothing.
0 35 attack-kinds 0 35 attack-step
0 8 attack-kinds
