\ HELP knows the float words, with their floating-point stack effects.
help f+
help f~
help fatan2
help >float
