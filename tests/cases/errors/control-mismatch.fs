: bad then ;
: open if ;
