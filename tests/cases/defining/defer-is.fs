defer greet
: hi ." hi" ; ' hi is greet
greet
action-of greet ' hi =
