\ system and sh reach outside: refused (-21) unless playforth runs with --allow-shell
s" echo hello" system
sh echo hello
: try s" ls" ['] system catch ; try . 2drop
$? .
