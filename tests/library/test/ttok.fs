\ test/ttok.fs -- tests of tfl/tok.fs

require tester.fs
require ../tfl/tok.fs
require ../tfl/hsh.fs

s" ttok" t-begin

create sc scn% allot

s\"   hello,\tworld \n  second line\n" sc scn-init
t{ sc scn-word s" hello," t-str -> }t
t{ sc scn-word s" world" t-str  sc scn-line -> 1 }t
t{ sc scn-word s" second" t-str  sc scn-line -> 2 }t
t{ sc scn-word nip  sc scn-eof? -> 4 false }t
t{ sc scn-word nip  sc scn-eof?  sc scn-line -> 0 true 3 }t

s" key=value; other=thing" sc scn-init
t{ s" =" sc scn-upto >r s" key" compare r> -> 0 true }t
t{ s" ; " sc scn-upto >r s" value" compare r> -> 0 true }t
t{ s" =" sc scn-upto >r s" other" compare r> -> 0 true }t
t{ s" =" sc scn-upto >r s" thing" compare r> -> 0 false }t
t{ sc scn-eof? -> true }t

: .piece ( c-addr u -- )  [char] [ emit type [char] ] emit ;
s" a, b,, c" s" ," ' .piece str-split cr
s" no delimiter" s" ;" ' .piece str-split cr
s" ;" s" ;" ' .piece str-split cr
s\" alpha\nbeta\n\ngamma" ' .piece str-lines cr

t{ s"    both sides   " str-trim s" both sides" t-str -> }t
t{ s"       " str-trim nip -> 0 }t

: .tokens ( c-addr u -- )
  sc scn-init  begin  sc tok-next  dup tok.end <> while
    . .piece space
  repeat drop 2drop ;
s" x1 := (foo_bar+42)*7" .tokens cr

t{ s" 1 + 2" expr-eval -> 3 }t
t{ s" 2+3*4" expr-eval -> 14 }t
t{ s" (2+3)*4" expr-eval -> 20 }t
t{ s" 100 - 10 - 1" expr-eval -> 89 }t
t{ s" -7 / 2" expr-eval  s" -7 mod 2" expr-eval -> -3 -1 }t
t{ s" 2 * -(3 + 4)" expr-eval -> -14 }t
t{ s" ((((1))))" expr-eval -> 1 }t
t{ s" 17 mod 5 * 2" expr-eval -> 4 }t
t{ s" 1 +" ' expr-eval t-catch -> tok.err-syntax }t
t{ s" (1 + 2" ' expr-eval t-catch -> tok.err-syntax }t
t{ s" 1 + 2)" ' expr-eval t-catch -> tok.err-syntax }t
t{ s" 2 3" ' expr-eval t-catch -> tok.err-syntax }t
t{ s" 4 / (2 - 2)" ' expr-eval t-catch -> tok.err-zero }t
t{ s" x + 1" ' expr-eval t-catch -> tok.err-name }t
t{ s" 1 x" ' expr-eval t-catch -> tok.err-syntax }t

\ names from a hash table
16 hsh-new constant vars
7 s" x" vars hsh-put  -3 s" y" vars hsh-put  1000 s" big_one" vars hsh-put
: var-value ( c-addr u -- n true | false )  vars hsh-get ;
' var-value is tok-lookup
t{ action-of tok-lookup -> ' var-value }t
t{ s" x * (y + 1)" expr-eval -> -14 }t
t{ s" big_one / x mod y" expr-eval -> 1 }t
t{ s" x + z" ' expr-eval t-catch -> tok.err-name }t

: .expr ( c-addr u -- )  2dup type ."  = " expr-eval . cr ;
s" 12*(3+4)-5 mod 3" .expr
s" -2*-2*-2" .expr
s" big_one - x*x*x" .expr

t-end
