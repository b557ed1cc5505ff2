\ An execution token of a word MARKER forgot never runs a newer word.
: a ( -- n ) 7 ;
marker m
: b ( -- n ) a ;
' b m : c 1 ; : d 2 ;
execute .
marker m2 : e 5 ;
' e m2 constant old-e
: f ( -- ) [ old-e compile, ] ;
' a execute .
