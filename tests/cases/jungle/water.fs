include examples/jungle.fs
: put ( rank side sq -- ) >r piece r> board + c! ;
: clear ( -- ) board #squares erase  0 side ! ;
\ Only the rat swims: A's rat on b3 may enter b4, A's cat on c3 may not enter c4.
clear  rat 0 15 put  1 0 16 put  0 1 60 put
15 .moves-from
16 .moves-from
\ A rat in the water cannot take the elephant on the bank...
clear  rat 0 22 put  elephant 1 21 put
22 .moves-from
\ ...but on land it can.
clear  rat 0 14 put  elephant 1 21 put
14 .moves-from
\ The elephant never takes the rat.
clear  elephant 0 14 put  rat 1 21 put
14 .moves-from
\ A rat on land cannot take a rat in the water; two rats in the water may.
clear  rat 0 21 put  rat 1 22 put
21 .moves-from
clear  rat 0 23 put  rat 1 22 put
23 .moves-from
