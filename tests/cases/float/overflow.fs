\ The floating-point stack holds 4096 numbers; one more is -44.
: pile 4096 0 do 1e loop ;
: clear-f fdepth 0 ?do fdrop loop ;
pile fdepth . clear-f
pile 1e
fdepth .
: one-more pile 1e ;
one-more
