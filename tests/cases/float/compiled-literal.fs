\ In a definition a float literal compiles; SEE shows it so it reads back.
: area ( F: r -- r' ) fdup f* pi f* ;
2e area f.
: third 1e 3e f/ ;
see third
: tiny -2.5e-3 1e100 ;
see tiny
tiny fs. fs.
