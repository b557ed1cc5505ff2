\ Execution tokens: ' ['] EXECUTE and tables of xts.
: sq dup * ; : cube dup dup * * ; : neg negate ;
create ops ' sq , ' cube , ' neg ,
: apply-all ( n -- ) 3 0 do dup ops i cells + @ execute . loop drop cr ;
5 apply-all -2 apply-all
: map ( addr n xt -- ) -rot cells bounds ?do i @ over execute i ! cell +loop drop ;
create nums 1 , 2 , 3 , 4 ,
nums 4 ' sq map
: .nums 4 0 do nums i cells + @ . loop cr ;
.nums
:noname ( n -- n ) 100 + ; nums 4 rot map .nums
