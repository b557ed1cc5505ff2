\ Summing the numbers in a comma separated string, field by field.
: field-len ( a u -- n ) 0 -rot bounds ?do i c@ [char] , = if leave then 1+ loop ;
: >n ( a u -- n ) 0 0 2swap >number 2drop drop ;
: csv-sum ( a u -- sum )
  0 -rot begin dup while
    2dup field-len >r over r@ >n  3 roll + -rot
    r> /string  dup if 1 /string then
  repeat 2drop ;
s" 10,20,30,40" csv-sum . cr
s" 7" csv-sum . s" " csv-sum . s" 1,2,3,4,5,6,7,8,9,10" csv-sum . cr
