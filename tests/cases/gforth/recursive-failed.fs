\ A definition that fails after RECURSIVE revealed its name leaves no trace:
\ the old word of that name comes back, and the next definition is its own.
: y 1 ;
: y recursive foo ;
: z 42 ;
y . z .
: y2 recursive foo ;
y2
