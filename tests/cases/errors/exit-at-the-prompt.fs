\ `exit` typed to leave playforth: the message says how to leave.
exit
