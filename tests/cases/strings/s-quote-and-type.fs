s" hello" type
: greet s" hi there" ; greet type
