\ stack.fs -- a stack of cells, written for the stack-comment checker's
\ tests: every stack comment here is right, so including it says nothing.

16 constant s-size
create s-cells s-size cells allot
variable s-depth

: s-clear ( -- )  0 s-depth ! ;
: s-push ( x -- )  s-depth @ cells s-cells + !  1 s-depth +! ;
: s-pop ( -- x )  -1 s-depth +!  s-depth @ cells s-cells + @ ;
: s-peek ( -- x )  s-pop dup s-push ;
: s-sum ( -- n ; the sum of what is stacked )  0 s-depth @ 0 ?do i cells s-cells + @ + loop ;
