\ tfl/tok.fs -- scanning strings: a scanner over a string, splitting a
\ string on a delimiter or into lines, a tokenizer for arithmetic and an
\ evaluator of infix expressions (+ - * / mod, parentheses, unary minus,
\ names whose values the deferred word tok-lookup finds).
\
\   scn-init ( c-addr u scn -- )     scn-word ( scn -- c-addr u )
\   str-split ( c-addr u c-addr2 u2 xt -- )   xt ( c-addr u -- ), per piece
\   expr-eval ( c-addr u -- n )

require config.fs
require stk.fs

[undefined] tok.version [if]

100 constant tok.version

s" syntax error in expression" exception constant tok.err-syntax  ( -- n )
s" division by zero in expression" exception constant tok.err-zero ( -- n )
s" unknown name in expression" exception constant tok.err-name    ( -- n )

defer tok-lookup ( c-addr u -- n true | false ) \ a name's value in expressions
:noname ( c-addr u -- false )  2drop false ; is tok-lookup

\ ---------------------------------------------------------------------
\ The scanner

begin-structure scn%
  field: scn>addr       \ what is left to scan
  field: scn>len
  field: scn>line       \ lines passed, from 1
end-structure

: scn-init ( c-addr u scn -- )
  tuck scn>len !  tuck scn>addr !  1 swap scn>line ! ;

: scn-rest ( scn -- c-addr u )  dup scn>addr @ swap scn>len @ ;
: scn-eof? ( scn -- flag )  scn>len @ 0= ;
: scn-line ( scn -- u )  scn>line @ ;

: scn-peek ( scn -- char ) \ the next character, 0 at the end
  dup scn-eof? if  drop 0  else  scn>addr @ c@  then ;

: scn-advance ( u scn -- ) \ pass u characters
  >r  r@ scn-rest  rot /string  r@ scn>len !  r> scn>addr ! ;

: tok.white? ( char -- flag )
  dup bl = over 9 = or over 10 = or swap 13 = or ;

: scn-skip ( scn -- ) \ pass white space, counting lines
  begin  dup scn-peek  dup tok.white? over 0<> and  while
    10 = if  1 over scn>line +!  then
    1 over scn-advance
  repeat 2drop ;

: scn-word ( scn -- c-addr u ) \ the next run of non-white characters
  dup scn-skip  dup scn>addr @ swap      ( c-addr scn )
  0 begin                               ( c-addr scn n )
    over scn-peek  dup 0<> swap tok.white? 0= and
  while
    1 2 pick scn-advance 1+
  repeat nip ;

: scn-upto ( c-addr1 u1 scn -- c-addr2 u2 flag )
  \ the text before the string c-addr1 u1, which is passed too; when the
  \ string is not there, the rest of the text and false
  {: c-addr1 u1 scn | start :}
  scn scn>addr @ to start
  scn scn-rest c-addr1 u1 search if      ( c-found u-left )
    drop start -                          ( len )
    dup u1 + scn scn-advance
    start swap true
  else
    2drop  scn scn-rest  dup scn scn-advance  false
  then ;

\ ---------------------------------------------------------------------
\ Splitting

: str-split ( c-addr u c-addr2 u2 xt -- ) \ xt ( c-addr u -- ) per piece
  {: d-addr d-len xt :}
  begin  2dup d-addr d-len search  while     ( c u c3 u3 )
    2swap 2over nip -  xt execute            ( c3 u3 )
    d-len /string
  repeat  2drop  xt execute ;

: str-lines ( c-addr u xt -- ) \ xt ( c-addr u -- ) per line
  >r newline r> str-split ;

: str-trim ( c-addr1 u1 -- c-addr2 u2 ) \ without blanks either side
  begin  dup  if  over c@ bl =  else  false  then  while  1 /string  repeat
  -trailing ;

\ ---------------------------------------------------------------------
\ Tokens

0 constant tok.end       \ the text is used up
1 constant tok.number    \ decimal digits
2 constant tok.name      \ a letter or _ then letters, digits, _
3 constant tok.op        \ any other single character

: tok.digit? ( char -- flag )  [char] 0  [char] 9 1+  within ;
: tok.alpha? ( char -- flag )
  dup [char] _ =  over [char] a [char] z 1+ within or
  swap [char] A [char] Z 1+ within or ;
: tok.alnum? ( char -- flag )  dup tok.alpha? swap tok.digit? or ;

: tok.run ( scn xt -- c-addr u ) \ the characters for which xt is true
  {: scn xt :}
  scn scn>addr @  0
  begin  scn scn-peek  dup 0<> swap xt execute and  while
    1 scn scn-advance  1+
  repeat ;

: tok-next ( scn -- c-addr u type )
  dup scn-skip  dup scn-peek
  dup 0= if  drop scn-rest tok.end exit  then
  dup tok.digit? if  drop ['] tok.digit? tok.run tok.number exit  then
  tok.alpha? if  ['] tok.alnum? tok.run tok.name exit  then
  dup scn>addr @ 1  rot 1 swap scn-advance  tok.op ;

\ ---------------------------------------------------------------------
\ Infix expressions

16 stk-new constant tok.vals
16 stk-new constant tok.ops
create tok.scn scn% allot

: tok.prec ( op -- n ) \ how tightly an operator binds
  case
    [char] + of 1 endof   [char] - of 1 endof
    [char] * of 2 endof   [char] / of 2 endof   [char] m of 2 endof
    [char] n of 3 endof   \ unary minus
    0 swap                \ (
  endcase ;

: tok.apply ( op -- )
  dup [char] n = if  drop tok.vals stk-pop negate tok.vals stk-push exit  then
  tok.vals stk-depth 2 < if  tok.err-syntax throw  then
  tok.vals stk-pop tok.vals stk-pop swap rot     ( a b op )
  case
    [char] + of  +  endof
    [char] - of  -  endof
    [char] * of  *  endof
    >r  dup 0= if  tok.err-zero throw  then
    >r s>d r> sm/rem  r>                         ( rem quot op )
    [char] / of  nip   endof
    [char] m of  drop  endof
  endcase
  tok.vals stk-push ;

: tok.reduce ( n -- ) \ apply the operators that bind at least n tightly
  begin
    tok.ops stk-empty? if  false  else  tok.ops stk-peek tok.prec over >=  then
  while
    tok.ops stk-pop tok.apply
  repeat drop ;

: tok.binary ( op -- )  dup tok.prec tok.reduce  tok.ops stk-push ;

: tok.number>n ( c-addr u -- n )
  0 0 2swap >number nip if  tok.err-syntax throw  then  d>s ;

: expr-eval ( c-addr u -- n )
  tok.vals stk-clear  tok.ops stk-clear
  tok.scn scn-init
  true                                      ( expecting-an-operand )
  begin  tok.scn tok-next  dup tok.end <>  while
    case
      tok.number of
        rot 0= if  tok.err-syntax throw  then
        tok.number>n tok.vals stk-push  false
      endof
      tok.name of
        2dup s" mod" compare 0= if
          2drop  if  tok.err-syntax throw  then
          [char] m tok.binary  true
        else
          rot 0= if  tok.err-syntax throw  then
          tok-lookup 0= if  tok.err-name throw  then
          tok.vals stk-push  false
        then
      endof
      ( tok.op ) >r drop c@ swap               ( char expecting )
      if
        case
          [char] ( of  [char] ( tok.ops stk-push  endof
          [char] - of  [char] n tok.ops stk-push  endof
          tok.err-syntax throw
        endcase true
      else
        case
          [char] ) of
            1 tok.reduce
            tok.ops stk-empty? if  tok.err-syntax throw  then
            tok.ops stk-pop drop  false
          endof
          dup [char] ( = if  tok.err-syntax throw  then
          dup tok.binary  true swap
        endcase
      then
      r>
    endcase
  repeat  2drop drop
  if  tok.err-syntax throw  then
  1 tok.reduce
  tok.ops stk-empty? 0= if  tok.err-syntax throw  then
  tok.vals stk-pop
  tok.vals stk-empty? 0= if  tok.err-syntax throw  then ;

[then]
