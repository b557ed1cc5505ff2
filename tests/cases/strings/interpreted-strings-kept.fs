\ A string made by S" outside a definition is kept for good, as gforth keeps
\ it: a table of seventeen of them (once a ring of 16 buffers) stays right.
create tbl
s" s01" 2, s" s02" 2, s" s03" 2, s" s04" 2, s" s05" 2, s" s06" 2,
s" s07" 2, s" s08" 2, s" s09" 2, s" s10" 2, s" s11" 2, s" s12" 2,
s" s13" 2, s" s14" 2, s" s15" 2, s" s16" 2, s" s17" 2,
tbl 2@ type  tbl 16 2* cells + 2@ type
: .all ( -- ) 17 0 do tbl i 2* cells + 2@ type space loop ;
.all
\ S\" and C" outside a definition are kept too; so are longer strings.
s\" tab\there" c" counted" count type type
s" aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa" nip .
\ They are kept within 16 MiB in all (tests/all/cli.rs runs into the bound:
\ a string made again and again by EVALUATE outside a definition); inside a
\ definition a string is kept once, however often it runs.
: kept-once ( -- ) 20000 0 do s" inside" 2drop loop ;
kept-once
