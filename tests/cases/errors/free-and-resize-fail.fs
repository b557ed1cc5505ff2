here free
here 10 resize nip
