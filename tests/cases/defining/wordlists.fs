wordlist constant extra
extra set-current : hidden 42 ; forth-wordlist set-current
get-order extra swap 1+ set-order hidden
previous
