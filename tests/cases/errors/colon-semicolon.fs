\ `: ;` would define a word named `;` and break every later definition:
\ it is refused, and the next definition works.
: ;
: sq ( n -- n*n ) dup * ;
3 sq .
\ (A file may redefine `;`, as gforth's locals.fs does: only the prompt refuses it.)
