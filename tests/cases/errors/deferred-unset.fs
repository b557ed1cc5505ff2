defer nothing-yet
nothing-yet
