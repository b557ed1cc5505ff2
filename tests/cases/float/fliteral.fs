\ FLITERAL compiles the float computed while compiling.
: tau [ pi 2e f* ] fliteral ;
tau f.
see tau
fliteral
