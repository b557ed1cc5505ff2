: next-word parse-name ; next-word hello type
char ) parse inside)  type
