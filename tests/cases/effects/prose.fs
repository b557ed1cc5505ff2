\ A comment written as prose after `--` cannot be read as items: it is
\ not checked (nothing is said at `;`), and `help` says why.
: days ( m -- days since March 1 )  3 - 12 + 12 mod 306 * 5 + 10 / ;
: month ( n -- The month number )  12 mod 1+ ;
help days
help month
