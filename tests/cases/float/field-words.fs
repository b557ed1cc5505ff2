\ FFIELD: DFFIELD: SFFIELD: align the offset and add a float-sized field;
\ and two FACILITY EXT words: EMIT? and EKEY>CHAR
begin-structure point
  cfield: p.tag
  ffield: p.x
  dffield: p.y
  sffield: p.w
end-structure
point .
0 p.x . 0 p.y . 0 p.w .
create pt point allot
1.5e pt p.x f!  2.25e pt p.y df!  pt p.x f@ pt p.y df@ f+ f.
emit? .  65 ekey>char . .
