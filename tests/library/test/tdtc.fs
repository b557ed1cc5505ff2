\ test/tdtc.fs -- tests of tfl/dtc.fs

require tester.fs
require ../tfl/dtc.fs

s" tdtc" t-begin

t{ 2000 dtc-leap?  1900 dtc-leap?  2024 dtc-leap?  2023 dtc-leap? -> true false true false }t
t{ 2 2024 dtc-days-in-month  2 2100 dtc-days-in-month  9 2024 dtc-days-in-month -> 29 28 30 }t
t{ 12 1999 dtc-days-in-month -> 31 }t
t{ 29 2 2024 dtc-valid?  29 2 2023 dtc-valid?  0 1 2000 dtc-valid?  1 13 2000 dtc-valid? -> true false false false }t

t{ 1 1 1970 dtc>days -> 0 }t
t{ 31 12 1969 dtc>days  1 3 2000 dtc>days -> -1 11017 }t
t{ 1 1 2000 dtc>days  1 1 1 dtc>days -> 10957 -719162 }t
t{ 0 days>dtc -> 1 1 1970 }t
t{ 19782 days>dtc -> 29 2 2024 }t
t{ -719162 days>dtc -> 1 1 1 }t

: round-trips ( from to -- flag ) \ every day in between back and forth
  true -rot swap ?do  i days>dtc dtc>days i = and  i days>dtc dtc-valid? and  97 +loop ;
t{ -800000 800000 round-trips -> true }t

t{ 1 1 1970 dtc-weekday  29 2 2024 dtc-weekday  31 12 1969 dtc-weekday -> 3 3 2 }t
t{ 15 10 1582 dtc-weekday -> 4 }t
t{ 31 12 2023 dtc-day-of-year  31 12 2024 dtc-day-of-year  1 3 2024 dtc-day-of-year -> 365 366 61 }t
t{ 28 2 2023 1 dtc-add-days -> 1 3 2023 }t
t{ 1 1 2000 -1 dtc-add-days -> 31 12 1999 }t
t{ 1 1 2000 1 1 2001 dtc-between  4 7 1776 1 1 1970 dtc-between -> 366 70672 }t

: .date ( d m y -- )
  3dup dtc-format type space
  3dup dtc-weekday dtc-day-abbrev type space
  over dtc-month-name type space  drop drop . cr ;
29 2 2024 .date
1 1 1970 .date
25 12 1999 .date
9 9 9 .date

t{ 7 3 2024 dtc-format s" 2024-03-07" t-str -> }t
t{ s" 1999-12-31" dtc-parse -> 31 12 1999 }t
t{ s" 2023-02-29" ' dtc-parse t-catch -> dtc.err-date }t
t{ s" 2023/02/28" ' dtc-parse t-catch -> dtc.err-date }t
t{ s" 2023-2-28" ' dtc-parse t-catch -> dtc.err-date }t
t{ 31 4 2024 ' dtc-format t-catch -> dtc.err-date }t

t{ 2024 dtc-easter -> 31 3 2024 }t
t{ 2025 dtc-easter  2000 dtc-easter  1961 dtc-easter -> 20 4 2025  23 4 2000  2 4 1961 }t
: .easters ( y1 y2 -- )  swap ?do  i dtc-easter dtc-format type space  loop cr ;
2020 2030 .easters

t{ 0 dtc-day-name s" Monday" t-str  6 dtc-day-name s" Sunday" t-str -> }t
t{ 9 dtc-month-long s" September" t-str -> }t
29 2 2024 dtc-long type cr
4 7 1776 dtc-long type cr
: .months ( -- )  13 1 do  i dtc-month-long 3 min type space  loop cr ;
.months

create date1 dtc% allot
create date2 dtc% allot
t{ 31 12 1999 date1 dtc-store  date1 dtc-fetch -> 31 12 1999 }t
t{ 1 1 2000 date2 dtc-store  date2 dtc-fetch dtc>days  date1 dtc-fetch dtc>days - -> 1 }t
t{ date1 dtc>day c@  date1 dtc>month c@ -> 31 12 }t
t{ dtc% 2 cells <= -> true }t

t-end
