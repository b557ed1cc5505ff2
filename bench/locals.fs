\ locals.fs -- deep recursion with locals, the way a user writes it:
\ Ackermann, a recursive sum over a linked list thousands of nodes long,
\ a memoised recursive edit distance (Levenshtein), and a binary search
\ tree built, summed and measured by recursive words.
\
\ Written with Forth-2012 locals {: a b | c -- d :}. gforth 0.7.3 has no
\ {: (only its own { a b -- c }, without "|"), and playforth has no { and
\ no (LOCAL), so a tiny shim below gives gforth a {: that rewrites the
\ list into { ... } (each "|" local is an argument initialised with 0).
\
\ The recursion goes 3000 deep with two or three locals per frame, more
\ than gforth 0.7.3's default stacks hold (data and return stack 1920
\ cells each, locals stack about as much), so gforth needs bigger ones:
\   gforth -d 1M -r 1M -l 1M bench/locals.fs -e "main bye"
\   target/release/playforth -e "include bench/locals.fs main bye"
\ MAIN prints one line of results and a checksum; both must agree.

decimal

[UNDEFINED] {: [IF]
create {:buf 256 chars allot
variable {:len  variable {:mode   \ 0 arguments, 1 after |, 2 after --
: {:add ( c-addr u -- )
  bl {:buf {:len @ chars + c!  1 {:len +!
  tuck {:buf {:len @ chars + swap cmove  {:len +! ;
: {: ( "args [| vals] [-- outs] :}" -- )
  s" {" tuck {:buf swap cmove {:len !  0 {:mode !
  begin  parse-name  dup 0= abort" {: needs :} on the same line"
         2dup s" :}" compare
  while  2dup s" |" compare 0= if  2drop 1 {:mode !  else
         2dup s" --" compare 0= if  2drop 2 {:mode !  else
         {:mode @ 2 = if  2drop  else
         {:mode @ 1 = if  0 postpone literal  then  {:add
         then then then
  repeat 2drop  s" }" {:add  {:buf {:len @ evaluate ; immediate
[THEN]

3000 constant max-depth   \ how deep the recursion below goes

\ ---- a checksum ----
variable sum
: mix ( n -- )  sum @ 31 * + $FFFFFF and  sum ! ;

\ ---- Ackermann: A(2,n) = 2n+3, recursion about 2n deep ----
: ack {: m n -- a :}
  m 0= if  n 1+  else
  n 0= if  m 1- 1 recurse  else
  m 1-  m n 1- recurse  recurse
  then then ;

\ ---- a linked list: each node is ( next value ) ----
variable seed
: random ( -- u )  seed @ 1103515245 * 12345 + $7FFFFFFF and  dup seed ! ;
: node, ( next value -- node )  here >r  swap , ,  r> ;
: make-list ( n -- list )  0 swap 0 ?do  random 1000 mod node,  loop ;
: list-sum {: node -- n :}
  node 0= if  0  else  node cell+ @  node @ recurse  +  then ;
: list-max {: node best -- n :}
  node 0= if  best  else  node @  node cell+ @ best max  recurse  then ;
: list-count-if {: node limit | n -- count :}   \ values below limit
  node 0= if  0  else
    node cell+ @ limit < if  1 to n  then
    node @ limit recurse  n +
  then ;

\ ---- edit distance, recursive with a memo table ----
400 constant maxlen
create sa maxlen chars allot   create sb maxlen chars allot
variable la  variable lb
variable memo   \ ALLOCATEd (maxlen+1)^2 cells, -1 = not yet known
: memo-addr ( i j -- addr )  swap maxlen 1+ * + cells memo @ + ;
: random-dna ( c-addr n -- )
  over + swap ?do  random 16 rshift 4 mod s" acgt" drop + c@  i c!  loop ;
: clear-memo ( -- )
  memo @ maxlen 1+ dup * cells -1 fill ;   \ every byte $FF: every cell -1
: lev {: i j | d -- d :}
  i 0= if  j exit  then
  j 0= if  i exit  then
  i j memo-addr @ to d
  d 0< 0= if  d exit  then
  i 1- j recurse 1+
  i j 1- recurse 1+  min
  i 1- j 1- recurse
    sa i 1- chars + c@  sb j 1- chars + c@  <> -   min
  to d  d i j memo-addr !  d ;
: distance ( n -- d )  \ two random strings of length about n
  dup la !  dup 7 / - lb !
  sa la @ random-dna  sb lb @ random-dna
  clear-memo  la @ lb @ lev ;

\ ---- a binary search tree: node is ( left right key ) ----
: tnode, ( key -- node )  here >r  0 , 0 , ,  r> ;
: tkey ( node -- key )  2 cells + @ ;
: tree-insert {: tree key -- tree' :}   \ returns the (possibly new) root
  tree 0= if  key tnode,  exit  then
  key tree tkey < if
    tree @ key recurse  tree !
  else
    tree cell+ @ key recurse  tree cell+ !
  then  tree ;
: tree-sum {: tree -- n :}
  tree 0= if  0  else  tree @ recurse  tree cell+ @ recurse +  tree tkey +  then ;
: height {: tree -- n :}
  tree 0= if  0  else  tree @ recurse  tree cell+ @ recurse  max 1+  then ;
: make-tree ( n -- tree )  0 swap 0 ?do  random 16 rshift 100000 mod tree-insert  loop ;
: make-chain ( n -- tree )   \ sorted keys: a tree as deep as it is long
  0 swap 0 ?do  i tree-insert  loop ;

\ ---- the benchmark ----
: enough-stack? ( -- f )   \ for the systems that say how deep they can go
  s" RETURN-STACK-CELLS" environment? if  max-depth 3 * >  else true  then
  s" STACK-CELLS" environment? if  max-depth 3 * >  else true  then  and ;
variable a-result  variable d-result  variable h-result
: main ( -- )
  enough-stack? 0= if
    ." locals.fs: the stacks are too small; for gforth use -d 1M -r 1M -l 1M" cr
    exit
  then
  42 seed !  0 sum !
  here   \ everything built below is freed at the end
  maxlen 1+ dup * cells allocate throw memo !
  3 0 do  2 max-depth 2/ ack  dup a-result !  mix  loop
  max-depth make-list
  500 0 do  dup list-sum mix  dup 0 list-max mix  dup 500 list-count-if mix  loop
  drop
  4 0 do  maxlen i 50 * - distance  dup d-result !  mix  loop
  20 0 do  2000 make-tree  dup tree-sum mix  height mix  loop
  max-depth make-chain  dup tree-sum mix  height  dup h-result !  mix
  memo @ free throw
  here - allot
  ." locals: ack " a-result @ 0 u.r
  ."  distance " d-result @ 0 u.r
  ."  height " h-result @ 0 u.r
  ."  checksum " sum @ 0 u.r cr ;
