1 2 nip
3 tuck
