\ BEGIN-STRUCTURE / FIELD: / CFIELD: / END-STRUCTURE.
begin-structure item
  field:  item-qty
  field:  item-price
  cfield: item-code
end-structure
item . cr
create stock item 4 * allot
: nth ( i -- addr ) item * stock + ;
: item! ( qty price code i -- ) nth tuck item-code c! tuck item-price ! item-qty ! ;
5 120 char A 0 item!  2 999 char B 1 item!  10 35 char C 2 item!  1 5000 char D 3 item!
: value-of ( addr -- n ) dup item-qty @ swap item-price @ * ;
: report 0 4 0 do i nth dup item-code c@ emit space dup item-qty @ . value-of dup . + cr loop ." total " . cr ;
report
