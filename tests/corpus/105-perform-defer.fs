\ PERFORM, DEFER@, ACTION-OF and DEFER! with deferred words.
: one ." one" ; : two ." two" ;
variable slot ' one slot !
slot perform cr
' two slot ! slot perform cr
defer hook ' one is hook
hook space ' hook defer@ execute space action-of hook execute cr
' two ' hook defer! hook cr
: swap-hook action-of hook ['] one = if ['] two else ['] one then is hook ;
swap-hook hook swap-hook hook cr
