\ A user-defined stack in memory, used to check balanced brackets.
create stk 64 allot  variable sdepth
: clear-stk 0 sdepth ! ;
: push ( c -- ) stk sdepth @ + c! 1 sdepth +! ;
: pop ( -- c ) -1 sdepth +! stk sdepth @ + c@ ;
: empty? ( -- f ) sdepth @ 0= ;
: closer ( c -- c' ) case [char] ( of [char] ) endof [char] [ of [char] ] endof [char] { of [char] } endof 0 swap endcase ;
: opener? ( c -- f ) dup [char] ( = over [char] [ = or swap [char] { = or ;
: balanced? ( a u -- f ) clear-stk bounds ?do
    i c@ dup opener? if push else
      dup [char] ) = over [char] ] = or over [char] } = or if
        empty? if drop false unloop exit then pop closer <> if false unloop exit then
      else drop then
    then loop empty? ;
s" (a[b]{c})" balanced? . s" (]" balanced? . s" ((" balanced? . s" " balanced? . s" {[()()]}" balanced? . cr
