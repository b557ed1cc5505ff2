forth-wordlist 1 set-order : drop-all ['] previous dup execute execute ; drop-all
1 2
: many 17 0 do forth-wordlist loop 17 set-order ; many
