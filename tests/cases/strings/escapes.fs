s\" tab\there\nnext" type
