\ tfl/dtc.fs -- calendar dates (proleptic Gregorian): leap years, days
\ since 1970-01-01 and back, weekdays, ISO text, the date of Easter.
\ A date is three cells: day month year.
\
\   dtc>days ( d m y -- n )      days>dtc ( n -- d m y )
\   dtc-weekday ( d m y -- n )   0 Monday .. 6 Sunday
\   dtc-format ( d m y -- c-addr u )  YYYY-MM-DD, in a buffer of its own

require config.fs

[undefined] dtc.version [if]

100 constant dtc.version

s" not a valid date" exception constant dtc.err-date   ( -- n )

719468 constant dtc.epoch-shift   \ days from 0000-03-01 to 1970-01-01
146097 constant dtc.era           \ days in 400 years

: dtc.floor/ ( n1 n2 -- n3 )  >r s>d r> fm/mod nip ;
: dtc.floor-mod ( n1 n2 -- n3 )  >r s>d r> fm/mod drop ;

: dtc-leap? ( y -- flag )
  dup 4 mod 0=  over 100 mod 0<> and  swap 400 mod 0= or ;

: dtc-days-in-month ( m y -- n )
  swap case
    2 of  dtc-leap? if  29  else  28  then  endof
    4 of  drop 30  endof
    6 of  drop 30  endof
    9 of  drop 30  endof
    11 of  drop 30  endof
    nip 31 swap
  endcase ;

: dtc-valid? ( d m y -- flag )
  over 1 13 within 0= if  drop 2drop false exit  then
  dtc-days-in-month 1+  1 swap within ;

: dtc-check ( d m y -- d m y )
  3dup dtc-valid? 0= if  dtc.err-date throw  then ;

: dtc>days ( d m y -- n )
  {: d m y :}
  m 3 < if  y 1- to y  then
  y 400 dtc.floor/                                     ( era )
  y over 400 * -                                       ( era yoe )
  m 2 > if  m 3 -  else  m 9 +  then  153 * 2 + 5 /  d 1- +   ( era yoe doy )
  over 365 *  2 pick 4 / +  rot 100 / -  +             ( era doe )
  swap dtc.era * +  dtc.epoch-shift - ;

: days>dtc ( n -- d m y )
  dtc.epoch-shift +  dup dtc.era dtc.floor/            ( z era )
  tuck dtc.era * -                                     ( era doe )
  dup dup 1460 / -  over 36524 / +  over 146096 / -  365 /  ( era doe yoe )
  {: era doe yoe | doy mp :}
  doe  yoe 365 *  yoe 4 / +  yoe 100 / -  -  to doy
  doy 5 * 2 + 153 / to mp
  doy  mp 153 * 2 + 5 /  -  1+                         ( d )
  mp 10 < if  mp 3 +  else  mp 9 -  then               ( d m )
  yoe era 400 * +  over 3 < if  1+  then ;

: dtc-weekday ( d m y -- n )  dtc>days 3 + 7 dtc.floor-mod ;

: dtc-day-of-year ( d m y -- n ) \ 1 for the first of January
  dup >r dtc>days  1 1 r> dtc>days -  1+ ;

: dtc-add-days ( d m y n -- d' m' y' )  >r dtc>days r> + days>dtc ;

: dtc-between ( d1 m1 y1 d2 m2 y2 -- n ) \ days from the first to the second
  dtc>days >r dtc>days r> swap - ;

\ ---------------------------------------------------------------------
\ Names and text

: dtc.names ( u "name" -- ) \ a table of names each u characters wide
  create ,
  does> ( n -- c-addr u )  dup @ >r cell+ swap r@ * chars + r> -trailing ;

3 dtc.names dtc-day-abbrev   ( n -- c-addr u ) \ 0 Mon .. 6 Sun
  s" MonTueWedThuFriSatSun" here swap dup chars allot move
9 dtc.names dtc.months
  s" January  February March    April    May      June     " here swap dup chars allot move
  s" July     August   SeptemberOctober  November December " here swap dup chars allot move

: dtc-month-name ( m -- c-addr u )  1- dtc.months ;

create dtc.buf 40 chars allot   \ the text dtc-format and dtc-long give

create dtc.day-names ( -- a-addr ) \ each name as c-addr u
  s" Monday" 2,  s" Tuesday" 2,  s" Wednesday" 2,  s" Thursday" 2,
  s" Friday" 2,  s" Saturday" 2,  s" Sunday" 2,
create dtc.month-names ( -- a-addr )
  s" January" 2,  s" February" 2,  s" March" 2,  s" April" 2,
  s" May" 2,  s" June" 2,  s" July" 2,  s" August" 2,
  s" September" 2,  s" October" 2,  s" November" 2,  s" December" 2,

: dtc-day-name ( n -- c-addr u ) \ 0 Monday .. 6 Sunday
  2* cells dtc.day-names + 2@ ;
: dtc-month-long ( m -- c-addr u ) \ 1 January .. 12 December
  1- 2* cells dtc.month-names + 2@ ;

: dtc-long ( d m y -- c-addr u ) \ "Thursday, 29 February 2024", in dtc.buf
  {: d m y | n :}
  d m y dtc-check dtc-weekday dtc-day-name  dtc.buf swap dup to n chars move
  s" , " dtc.buf n chars + swap dup n + to n chars move
  d 0 <# #s #>  dtc.buf n chars + swap dup n + to n chars move
  bl dtc.buf n chars + c!  n 1+ to n
  m dtc-month-long  dtc.buf n chars + swap dup n + to n chars move
  bl dtc.buf n chars + c!  n 1+ to n
  y 0 <# #s #>  dtc.buf n chars + swap dup n + to n chars move
  dtc.buf n ;

\ A date kept in memory: two characters and a cell
begin-structure dtc%
  cfield: dtc>day
  cfield: dtc>month
  field:  dtc>year
end-structure

: dtc-store ( d m y addr -- )  tuck dtc>year !  tuck dtc>month c!  dtc>day c! ;
: dtc-fetch ( addr -- d m y )  dup dtc>day c@  over dtc>month c@  rot dtc>year @ ;


: dtc-format ( d m y -- c-addr u )
  dtc-check
  >r >r 0 <# # # 2drop [char] - hold  r> 0 # # 2drop [char] - hold
  r> s>d # # # # #>
  dtc.buf swap 2dup 2>r chars move 2r> ;

: dtc.digits ( c-addr u n -- c-addr' u' value ) \ n decimal digits
  >r  over r@ 0 0 2swap >number nip if  dtc.err-date throw  then  d>s
  -rot r> /string rot ;

: dtc.dash ( c-addr u -- c-addr' u' )
  over c@ [char] - <> if  dtc.err-date throw  then  1 /string ;

: dtc-parse ( c-addr u -- d m y )
  dup 10 <> if  dtc.err-date throw  then
  4 dtc.digits >r  dtc.dash  2 dtc.digits >r  dtc.dash  2 dtc.digits
  nip nip  r> r>  dtc-check ;

\ ---------------------------------------------------------------------
\ Easter Sunday in the Gregorian calendar (the "anonymous" algorithm)

: dtc-easter ( y -- d m y )
  {: y | a b c q e f g h j k l n :}
  y 19 mod to a   y 100 / to b   y 100 mod to c
  b 4 / to q   b 4 mod to e   b 8 + 25 / to f   b f - 1+ 3 / to g
  19 a * b + q - g - 15 + 30 mod to h
  c 4 / to j   c 4 mod to k
  32 e 2* + j 2* + h - k - 7 mod to l
  a 11 h * + 22 l * + 451 / to n
  h l + 7 n * - 114 +  31 /mod  swap 1+  swap  y ;

[then]
