//! What the teaching REPL knows about words: stack effects, descriptions,
//! word sets and examples for `help`, completion and hints, and the
//! "did you mean" of an undefined word. Everything comes from the word
//! tables, the prelude's comments and the user's own stack comments.

use crate::dictionary::Kind;
use crate::vm::Forth;
use crate::words::{Spec, all_specs};

/// Where a word comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Origin {
    /// Written in Rust.
    Builtin,
    /// Written in Forth in the prelude.
    Prelude,
    /// Defined by the user (or a program).
    User,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WordInfo {
    pub name: String,
    pub effect: Option<String>,
    pub doc: Option<String>,
    pub set: Option<&'static str>,
    pub origin: Origin,
    pub example: Option<String>,
}

/// Examples for `help`, for the words a learner meets first. Game words
/// carry theirs in their description.
const EXAMPLES: &[(&str, &str)] = &[
    ("dup", "5 dup * .  \\ 25"),
    ("drop", "1 2 drop .  \\ 1"),
    ("swap", "1 2 swap . .  \\ 1 2"),
    ("over", "1 2 over . . .  \\ 1 2 1"),
    ("rot", "1 2 3 rot . . .  \\ 1 3 2"),
    ("-rot", "1 2 3 -rot . . .  \\ 2 1 3"),
    ("nip", "1 2 nip .  \\ 2"),
    ("tuck", "1 2 tuck . . .  \\ 2 1 2"),
    ("pick", "10 20 30 2 pick .  \\ 10"),
    ("roll", "1 2 3 2 roll . . .  \\ 1 3 2"),
    ("?dup", "0 ?dup depth .  \\ 1"),
    ("2dup", "1 2 2dup .s"),
    ("depth", "1 2 3 depth .  \\ 3"),
    ("+", "2 3 + .  \\ 5"),
    ("-", "10 3 - .  \\ 7"),
    ("*", "6 7 * .  \\ 42"),
    ("/", "-7 2 / .  \\ -4 (floored)"),
    ("mod", "-7 2 mod .  \\ 1"),
    ("/mod", "17 5 /mod . .  \\ 3 2"),
    ("*/", "1000 3 4 */ .  \\ 750"),
    ("negate", "5 negate .  \\ -5"),
    ("abs", "-5 abs .  \\ 5"),
    ("min", "3 9 min .  \\ 3"),
    ("max", "3 9 max .  \\ 9"),
    ("1+", "41 1+ .  \\ 42"),
    ("=", "3 3 = .  \\ -1 (true)"),
    ("<", "1 2 < .  \\ -1"),
    (">", "1 2 > .  \\ 0"),
    ("0=", "0 0= .  \\ -1"),
    ("and", "12 10 and .  \\ 8"),
    ("or", "12 10 or .  \\ 14"),
    ("xor", "12 10 xor .  \\ 6"),
    ("invert", "0 invert .  \\ -1"),
    ("lshift", "1 4 lshift .  \\ 16"),
    ("within", "5 1 10 within .  \\ -1"),
    (".", "42 .  \\ prints 42 and a space"),
    (".s", "1 2 3 .s  \\ <3> 1 2 3"),
    ("emit", "65 emit  \\ A"),
    ("cr", ".\" one\" cr .\" two\""),
    ("type", "s\" hello\" type"),
    ("spaces", "3 spaces .\" x\""),
    (".\"", ": hi .\" Hello!\" ; hi"),
    ("s\"", "s\" forth\" type"),
    (":", ": square ( n -- n*n ) dup * ;  5 square ."),
    (";", ": five 5 ;  five ."),
    ("variable", "variable score  10 score !  score @ ."),
    ("constant", "3 constant Scissor  Scissor ."),
    ("value", "5 value lives  lives .  4 to lives  lives ."),
    ("to", "0 value n  7 to n  n ."),
    ("!", "variable x  42 x !  x @ ."),
    ("@", "variable x  42 x !  x @ ."),
    ("+!", "variable x  1 x !  5 x +!  x @ .  \\ 6"),
    ("create", "create board 64 allot  board 64 erase"),
    ("allot", "create buf 10 allot"),
    (",", "create primes 2 , 3 , 5 ,  primes cell+ @ .  \\ 3"),
    (
        "if",
        ": sign? ( n -- ) 0< if .\" negative\" else .\" not negative\" then ;",
    ),
    (
        "else",
        ": even? ( n -- ) 2 mod if .\" odd\" else .\" even\" then ;",
    ),
    ("then", ": warn ( n -- ) 100 > if .\" too big!\" then ;"),
    ("do", ": count5 5 0 do i . loop ;  count5  \\ 0 1 2 3 4"),
    (
        "?do",
        ": stars ( n -- ) 0 ?do [char] * emit loop ;  0 stars 3 stars",
    ),
    ("loop", ": count5 5 0 do i . loop ;"),
    ("+loop", ": evens 10 0 do i . 2 +loop ;  evens"),
    ("i", ": squares 4 0 do i i * . loop ;  squares"),
    ("leave", ": first3 10 0 do i 3 = if leave then i . loop ;"),
    (
        "begin",
        ": countdown ( n -- ) begin dup . 1- dup 0= until drop ;",
    ),
    (
        "until",
        ": countdown ( n -- ) begin dup . 1- dup 0= until drop ;",
    ),
    (
        "while",
        ": halve ( n -- ) begin dup 0> while dup . 2/ repeat drop ;",
    ),
    (
        "repeat",
        ": halve ( n -- ) begin dup 0> while dup . 2/ repeat drop ;",
    ),
    (
        "again",
        ": forever begin .\" x\" again ;  \\ Ctrl-C stops it",
    ),
    (
        "case",
        ": name ( n -- ) case 1 of .\" one\" endof 2 of .\" two\" endof .\" many\" endcase ;",
    ),
    (
        "recurse",
        ": fact ( n -- n! ) dup 1 > if dup 1- recurse * then ;  5 fact .",
    ),
    ("exit", ": check ( n -- ) dup 0= if drop exit then . ;"),
    ("catch", ": safe ['] / catch if .\" oops\" then ;  1 0 safe"),
    ("throw", ": check ( n -- ) 0< if -24 throw then ;"),
    ("abort\"", ": check ( n -- ) 0< abort\" negative!\" ;"),
    ("key", "key .  \\ press a key: its code"),
    ("see", ": square dup * ;  see square"),
    ("words", "words"),
    ("help", "help dup"),
    ("include", "include examples/othello.fs"),
    ("execute", "5 ' dup execute . .  \\ 5 5"),
    ("'", "5 ' dup execute . ."),
    ("here", "here . 10 allot here ."),
    ("base", "2 base ! 101 decimal .  \\ 5"),
    ("hex", "hex ff decimal .  \\ 255"),
    ("decimal", "hex 10 decimal .  \\ 16"),
    ("char", "char A .  \\ 65"),
    ("[char]", ": a? ( c -- f ) [char] a = ;"),
    ("random", "random ."),
    ("choose", "6 choose 1+ .  \\ a dice throw"),
    ("trace", ": square dup * ;  trace square  3 square ."),
    (
        "untrace",
        ": square dup * ;  trace square  untrace square  3 square .",
    ),
    (r#"2drop"#, r#"1 2 3 2drop .  \ 1"#),
    (r#"2swap"#, r#"1 2 3 4 2swap .s"#),
    (r#"2over"#, r#"1 2 3 4 2over .s"#),
    (r#"2rot"#, r#"1 2 3 4 5 6 2rot .s"#),
    (r#">r"#, r#": under ( a b -- b ) >r drop r> ;  1 2 under ."#),
    (r#"r>"#, r#": keep ( x -- x ) >r r> ;  5 keep ."#),
    (r#"r@"#, r#": twice ( x -- x x ) >r r@ r> ;  7 twice . ."#),
    (r#"2>r"#, r#": pair ( a b -- a b ) 2>r 2r> ;  1 2 pair . ."#),
    (r#"2r>"#, r#": pair ( a b -- a b ) 2>r 2r> ;  1 2 pair . ."#),
    (
        r#"2r@"#,
        r#": peek2 ( a b -- a b a b ) 2>r 2r@ 2r> ;  1 2 peek2 .s"#,
    ),
    (r#"rdrop"#, r#": skip ( x -- ) >r rdrop ;  5 skip"#),
    (r#"j"#, r#": grid 2 0 do 3 0 do j . loop loop ;  grid"#),
    (
        r#"k"#,
        r#": cube 2 0 do 2 0 do 2 0 do k . loop loop loop ;  cube"#,
    ),
    (
        r#"unloop"#,
        r#": find3 ( -- n ) 10 0 do i 3 = if i unloop exit then loop -1 ;  find3 ."#,
    ),
    (r#"*/mod"#, r#"10 3 4 */mod . .  \ 7 2"#),
    (r#"1-"#, r#"43 1- .  \ 42"#),
    (r#"2*"#, r#"21 2* .  \ 42"#),
    (r#"2/"#, r#"85 2/ .  \ 42"#),
    (r#"rshift"#, r#"256 4 rshift .  \ 16"#),
    (r#"<>"#, r#"1 2 <> .  \ -1"#),
    (r#"u<"#, r#"-1 1 u< .  \ 0: -1 is the largest unsigned"#),
    (r#"u>"#, r#"-1 1 u> .  \ -1"#),
    (r#"0<>"#, r#"5 0<> .  \ -1"#),
    (r#"0<"#, r#"-5 0< .  \ -1"#),
    (r#"0>"#, r#"5 0> .  \ -1"#),
    (r#"under+"#, r#"1 2 10 under+ . .  \ 2 11"#),
    (r#"bounds"#, r#"s" abc" bounds .s 2drop"#),
    (r#"m*"#, r#"-3 4 m* d.  \ -12"#),
    (r#"um*"#, r#"3 4 um* d.  \ 12"#),
    (r#"um/mod"#, r#"10. 3 um/mod . .  \ 3 1"#),
    (r#"fm/mod"#, r#"-7. 2 fm/mod . .  \ -4 1"#),
    (r#"sm/rem"#, r#"-7. 2 sm/rem . .  \ -3 -1"#),
    (r#"s>d"#, r#"-5 s>d d.  \ -5"#),
    (r#"d>s"#, r#"100. d>s .  \ 100"#),
    (r#"d+"#, r#"1. 2. d+ d.  \ 3"#),
    (r#"d-"#, r#"5. 7. d- d.  \ -2"#),
    (r#"m+"#, r#"10. 5 m+ d.  \ 15"#),
    (r#"dnegate"#, r#"5. dnegate d.  \ -5"#),
    (r#"dabs"#, r#"-5. dabs d.  \ 5"#),
    (r#"dmax"#, r#"1. 2. dmax d.  \ 2"#),
    (r#"dmin"#, r#"1. 2. dmin d.  \ 1"#),
    (r#"d="#, r#"1. 1. d= .  \ -1"#),
    (r#"d<"#, r#"1. 2. d< .  \ -1"#),
    (r#"du<"#, r#"1. 2. du< .  \ -1"#),
    (r#"d0="#, r#"0. d0= .  \ -1"#),
    (r#"d0<"#, r#"-1. d0< .  \ -1"#),
    (r#"d2*"#, r#"21. d2* d.  \ 42"#),
    (r#"d2/"#, r#"84. d2/ d.  \ 42"#),
    (r#"m*/"#, r#"10. 3 4 m*/ d.  \ 7"#),
    (r#"c@"#, r#"create b 1 c,  b c@ .  \ 1"#),
    (r#"c!"#, r#"create b 1 allot  65 b c!  b c@ emit  \ A"#),
    (r#"2@"#, r#"create p 1 , 2 ,  p 2@ . .  \ 1 2"#),
    (r#"2!"#, r#"create p 2 cells allot  1 2 p 2!  p 2@ . ."#),
    (r#"on"#, r#"variable done  done on  done @ .  \ -1"#),
    (r#"off"#, r#"variable done  done off  done @ .  \ 0"#),
    (r#"cell+"#, r#"create xs 10 , 20 ,  xs cell+ @ .  \ 20"#),
    (r#"cells"#, r#"3 cells .  \ 24"#),
    (r#"char+"#, r#"s" ab" drop char+ c@ emit  \ b"#),
    (r#"chars"#, r#"5 chars .  \ 5"#),
    (r#"aligned"#, r#"9 aligned .  \ 16"#),
    (
        r#"move"#,
        r#"create to-here 5 allot  s" hello" to-here swap move  to-here 5 type"#,
    ),
    (
        r#"cmove"#,
        r#"create buf 5 allot  s" hello" buf swap cmove  buf 5 type"#,
    ),
    (
        r#"cmove>"#,
        r#"create buf 5 allot  s" hello" buf swap cmove>  buf 5 type"#,
    ),
    (
        r#"fill"#,
        r#"create buf 3 allot  buf 3 char * fill  buf 3 type  \ ***"#,
    ),
    (
        r#"erase"#,
        r#"create buf 3 allot  buf 3 erase  buf c@ .  \ 0"#,
    ),
    (r#"blank"#, r#"create buf 3 allot  buf 3 blank  buf 3 type"#),
    (
        r#"allocate"#,
        r#"100 allocate throw  dup 42 swap !  dup @ .  free throw"#,
    ),
    (r#"free"#, r#"100 allocate throw  free .  \ 0"#),
    (
        r#"resize"#,
        r#"10 allocate throw  100 resize throw  free throw"#,
    ),
    (r#"count"#, r#"create name ," Forth"  name count type"#),
    (r#"s\""#, r#"s\" one\ttwo\n" type"#),
    (r#".("#, r#".( shown at once)"#),
    (r#"c""#, r#": greeting c" hi" ;  greeting count type"#),
    (r#",""#, r#"create msg ," hello"  msg count type"#),
    (r#"sliteral"#, r#": hi [ s" hello" ] sliteral type ;  hi"#),
    (r#"compare"#, r#"s" abc" s" abd" compare .  \ -1"#),
    (
        r#"search"#,
        r#"s" hello world" s" wor" search . type  \ -1 world"#,
    ),
    (r#"-trailing"#, r#"s" hi   " -trailing nip .  \ 2"#),
    (r#"/string"#, r#"s" abcdef" 2 /string type  \ cdef"#),
    (r#"toupper"#, r#"char a toupper emit  \ A"#),
    (r#">number"#, r#"0. s" 42" >number 2drop d.  \ 42"#),
    (
        r#"<#"#,
        r#": .money ( n -- ) s>d <# # # [char] . hold #s #> type ;  1234 .money"#,
    ),
    (r#"#"#, r#": .2 ( n -- ) s>d <# # # #> type ;  7 .2  \ 07"#),
    (r#"#s"#, r#"42 s>d <# #s #> type"#),
    (r#"#>"#, r#"42 s>d <# #s #> type"#),
    (
        r#"hold"#,
        r#": .dollars ( n -- ) s>d <# #s [char] $ hold #> type ;  42 .dollars  \ $42"#,
    ),
    (r#"holds"#, r#"42 s>d <# #s s" = " holds #> type"#),
    (
        r#"sign"#,
        r#"-42 dup abs s>d <# #s rot sign #> type  \ -42"#,
    ),
    (r#"u."#, r#"-1 u.  \ the largest unsigned cell"#),
    (r#".r"#, r#"42 6 .r  \ right-aligned in 6 columns"#),
    (r#"u.r"#, r#"42 6 u.r"#),
    (r#"d."#, r#"1. d."#),
    (r#"d.r"#, r#"1. 6 d.r"#),
    (r#"ud."#, r#"1. ud."#),
    (
        r#"replaces"#,
        r#"s" tiger" s" animal" replaces  s" the %animal%" pad 80 substitute drop type"#,
    ),
    (
        r#"substitute"#,
        r#"s" tiger" s" animal" replaces  s" the %animal%" pad 80 substitute drop type"#,
    ),
    (r#"unescape"#, r#"s" 50%" pad unescape type  \ 50%%"#),
    (r#"space"#, r#"." a" space ." b""#),
    (r#"key?"#, r#"key? ."#),
    (
        r#"accept"#,
        r#"create line 80 allot  line 80 accept  line swap type"#,
    ),
    (r#"page"#, r#"page"#),
    (r#"at-xy"#, r#"0 0 at-xy"#),
    (r#"ms"#, r#"10 ms"#),
    (r#"time&date"#, r#"time&date . . . . . ."#),
    (r#"utime"#, r#"utime d."#),
    (r#"argc"#, r#"argc @ ."#),
    (r#"arg"#, r#"0 arg type"#),
    (r#"next-arg"#, r#"next-arg type"#),
    (r#"bin"#, r#"r/o bin ."#),
    (
        r#"r/o"#,
        r#"s" examples/rps.fs" r/o open-file throw close-file throw"#,
    ),
    (
        r#"w/o"#,
        r#"s" /tmp/playforth-example.txt" w/o create-file throw close-file throw"#,
    ),
    (
        r#"r/w"#,
        r#"s" /tmp/playforth-example.txt" r/w create-file throw close-file throw"#,
    ),
    (
        r#"open-file"#,
        r#"s" examples/rps.fs" r/o open-file throw close-file throw"#,
    ),
    (
        r#"create-file"#,
        r#"s" /tmp/playforth-example.txt" w/o create-file throw close-file throw"#,
    ),
    (
        r#"close-file"#,
        r#"s" examples/rps.fs" r/o open-file throw close-file ."#,
    ),
    (
        r#"delete-file"#,
        r#"s" /tmp/playforth-example.txt" w/o create-file throw close-file throw  s" /tmp/playforth-example.txt" delete-file ."#,
    ),
    (
        r#"rename-file"#,
        r#"s" /tmp/playforth-a.txt" w/o create-file throw close-file throw  s" /tmp/playforth-a.txt" s" /tmp/playforth-b.txt" rename-file ."#,
    ),
    (
        r#"file-status"#,
        r#"s" examples/rps.fs" file-status nip .  \ 0: it exists"#,
    ),
    (
        r#"read-file"#,
        r#"create buf 10 allot  s" examples/rps.fs" r/o open-file throw  buf 10 rot read-file throw buf swap type"#,
    ),
    (
        r#"read-line"#,
        r#"create buf 80 allot  s" examples/rps.fs" r/o open-file throw  buf 80 rot read-line throw drop buf swap type"#,
    ),
    (
        r#"write-file"#,
        r#"s" /tmp/playforth-example.txt" w/o create-file throw  s" hi" rot write-file throw"#,
    ),
    (
        r#"write-line"#,
        r#"s" /tmp/playforth-example.txt" w/o create-file throw  dup s" hi" rot write-line throw close-file throw"#,
    ),
    (
        r#"file-position"#,
        r#"s" examples/rps.fs" r/o open-file throw  file-position throw d."#,
    ),
    (
        r#"reposition-file"#,
        r#"s" examples/rps.fs" r/o open-file throw  10. rot reposition-file ."#,
    ),
    (
        r#"file-size"#,
        r#"s" examples/rps.fs" r/o open-file throw  file-size throw d."#,
    ),
    (
        r#"resize-file"#,
        r#"s" /tmp/playforth-example.txt" w/o create-file throw  100. rot resize-file ."#,
    ),
    (
        r#"flush-file"#,
        r#"s" /tmp/playforth-example.txt" w/o create-file throw  flush-file ."#,
    ),
    (r#"emit-file"#, r#"char A stdout emit-file drop"#),
    (r#"stdin"#, r#"stdin ."#),
    (r#"stdout"#, r#"s" hello" stdout write-line drop"#),
    (r#"stderr"#, r#"s" a note" stderr write-line drop"#),
    (
        r#":noname"#,
        r#":noname ( n -- n*2 ) 2 * ;  5 swap execute ."#,
    ),
    (r#"["#, r#": five [ 2 3 + ] literal ;  five ."#),
    (r#"]"#, r#": five [ 2 3 + ] literal ;  five ."#),
    (
        r#"immediate"#,
        r#": now ." compiling!" ; immediate  : later now ;"#,
    ),
    (
        r#"compile-only"#,
        r#": inside 1 ; compile-only  : t inside ;  t ."#,
    ),
    (r#"literal"#, r#": five [ 5 ] literal ;  five ."#),
    (r#"2literal"#, r#": two [ 1 2 ] 2literal ;  two . ."#),
    (
        r#"postpone"#,
        r#": my-if postpone if ; immediate  : t my-if 1 then ;  -1 t ."#,
    ),
    (r#"[compile]"#, r#": my-if [compile] if ; immediate"#),
    (
        r#"compile,"#,
        r#": dup, ['] dup compile, ; immediate  : t dup, * ;  3 t ."#,
    ),
    (r#"[']"#, r#": apply ['] dup execute ;  5 apply . ."#),
    (
        r#"find"#,
        r#"c" dup" find . drop  \ -1: found, not immediate"#,
    ),
    (
        r#"search-wordlist"#,
        r#"s" dup" forth-wordlist search-wordlist . drop"#,
    ),
    (r#">body"#, r#"create data 42 ,  ' data >body @ ."#),
    (r#"c,"#, r#"create bytes 1 c, 2 c,  bytes 1+ c@ ."#),
    (r#"align"#, r#"1 c, align here 8 mod .  \ 0"#),
    (r#"unused"#, r#"unused 0> ."#),
    (
        r#"does>"#,
        r#": counter create , does> @ ;  7 counter seven  seven ."#,
    ),
    (r#"2variable"#, r#"2variable pos  1 2 pos 2!  pos 2@ . ."#),
    (r#"2constant"#, r#"1 2 2constant pair  pair . ."#),
    (r#"+to"#, r#"5 value n  3 +to n  n .  \ 8"#),
    (r#"2value"#, r#"1 2 2value pos  pos . ."#),
    (
        r#"defer"#,
        r#"defer greet  :noname ." hi" ; is greet  greet"#,
    ),
    (r#"is"#, r#"defer greet  :noname ." hi" ; is greet  greet"#),
    (
        r#"action-of"#,
        r#"defer greet  ' cr is greet  action-of greet ' cr = ."#,
    ),
    (
        r#"defer@"#,
        r#"defer greet  ' cr is greet  ' greet defer@ ' cr = ."#,
    ),
    (r#"defer!"#, r#"defer greet  ' cr ' greet defer!  greet"#),
    (r#"buffer:"#, r#"10 buffer: scratch  scratch 10 erase"#),
    (r#"marker"#, r#"marker clean  : temp 1 ;  clean"#),
    (r#"synonym"#, r#"synonym plus +  2 3 plus ."#),
    (r#"ahead"#, r#": t ahead ." skipped" then ." here" ;  t"#),
    (
        r#"cs-pick"#,
        r#": t ( n -- ) begin [ 0 cs-pick ] 1- dup 0= until [ 2drop ] drop ;  3 t"#,
    ),
    (
        r#"cs-roll"#,
        r#": t ( flag -- ) if ahead [ 1 cs-roll ] then ." (false) " then ;  0 t"#,
    ),
    (
        r#"of"#,
        r#": name ( n -- ) case 1 of ." one" endof ." other" endcase ;  1 name"#,
    ),
    (
        r#"endof"#,
        r#": name ( n -- ) case 1 of ." one" endof ." other" endcase ;  2 name"#,
    ),
    (
        r#"endcase"#,
        r#": name ( n -- ) case 1 of ." one" endof ." other" endcase ;  1 name"#,
    ),
    (r#"{:"#, r#": diff {: a b -- d :} a b - ;  10 3 diff ."#),
    (r#"abort"#, r#": check ( n -- ) 0< if abort then ;"#),
    (r#"quit"#, r#": stop quit ;"#),
    (r#"state"#, r#"state @ .  \ 0 when interpreting"#),
    (r#">in"#, r#">in @ ."#),
    (r#"source"#, r#"source type"#),
    (r#"source-id"#, r#"source-id ."#),
    (r#"refill"#, r#"refill ."#),
    (r#"evaluate"#, r#"s" 2 3 + ." evaluate"#),
    (r#"parse"#, r#"char ) parse text)  type"#),
    (r#"parse-name"#, r#"parse-name hello type"#),
    (r#"word"#, r#"bl word hello count type"#),
    (
        r#"save-input"#,
        r#"save-input . . . .  \ the saved position"#,
    ),
    (r#"restore-input"#, r#"save-input restore-input ."#),
    (r#"\"#, r#"1 2 \ the rest of the line is ignored"#),
    (r#"#!"#, r#"#! /usr/bin/env playforth"#),
    (r#"included"#, r#"s" examples/rps.fs" included"#),
    (r#"require"#, r#"require examples/rps.fs"#),
    (r#"required"#, r#"s" examples/rps.fs" required"#),
    (
        r#"include-file"#,
        r#"s" examples/rps.fs" r/o open-file throw include-file"#,
    ),
    (r#"environment?"#, r#"s" MAX-N" environment? drop ."#),
    (r#"n>r"#, r#"1 2 3 3 n>r nr> .s"#),
    (r#"nr>"#, r#"1 2 3 3 n>r nr> .s"#),
    (
        r#"begin-structure"#,
        r#"begin-structure point field: p.x field: p.y end-structure  point ."#,
    ),
    (
        r#"end-structure"#,
        r#"begin-structure point field: p.x field: p.y end-structure  point ."#,
    ),
    (
        r#"+field"#,
        r#"0 8 +field p.x drop  create pt 8 allot  5 pt p.x !  pt p.x @ ."#,
    ),
    (r#"field:"#, r#"0 field: p.x drop"#),
    (r#"cfield:"#, r#"0 cfield: c.a drop"#),
    (r#"forth-wordlist"#, r#"forth-wordlist ."#),
    (r#"get-order"#, r#"get-order .s"#),
    (r#"set-order"#, r#"get-order set-order"#),
    (r#"get-current"#, r#"get-current ."#),
    (
        r#"set-current"#,
        r#"wordlist set-current forth-wordlist set-current"#,
    ),
    (r#"wordlist"#, r#"wordlist constant mine"#),
    (r#"definitions"#, r#"only forth definitions"#),
    (r#"also"#, r#"also forth previous"#),
    (r#"only"#, r#"only forth"#),
    (r#"games-wordlist"#, r#"games-wordlist ."#),
    (r#"previous"#, r#"also forth previous"#),
    (r#"forth"#, r#"only forth"#),
    (r#"?"#, r#"variable x 42 x !  x ?"#),
    (r#"dump"#, r#"s" Forth" dump"#),
    (r#"order"#, r#"order"#),
    (r#"bye"#, r#"bye"#),
    (r#"[if]"#, r#"1 [if] ." yes" [else] ." no" [then]"#),
    (r#"[else]"#, r#"0 [if] ." yes" [else] ." no" [then]"#),
    (r#"[then]"#, r#"1 [if] ." yes" [then]"#),
    (r#"[defined]"#, r#"[defined] dup ."#),
    (r#"[undefined]"#, r#"[undefined] frob ."#),
    (r#"cloth"#, r#"Cloth .  \ 2"#),
    (r#"scissor"#, r#"Scissor .  \ 3"#),
    (r#"bl"#, r#"bl emit"#),
    (r#"true"#, r#"true ."#),
    (r#"false"#, r#"false ."#),
    (r#"cell"#, r#"cell .  \ 8"#),
    (r#"noop"#, r#"noop"#),
    (r#"cell-"#, r#"100 cell- .  \ 92"#),
    (
        r#"perform"#,
        r#"variable action  ' cr action !  action perform"#,
    ),
    (r#"str="#, r#"s" abc" s" abc" str= ."#),
    (r#"string-prefix?"#, r#"s" forth" s" for" string-prefix? ."#),
    (r#"d<>"#, r#"1. 2. d<> ."#),
    (r#"<="#, r#"3 3 <= ."#),
    (r#">="#, r#"3 2 >= ."#),
    (r#"0<="#, r#"0 0<= ."#),
    (r#"0>="#, r#"0 0>= ."#),
    (r#"u<="#, r#"1 2 u<= ."#),
    (r#"u>="#, r#"2 1 u>= ."#),
    (r#"umin"#, r#"1 -1 umin ."#),
    (r#"umax"#, r#"1 -1 umax ."#),
    (r#"c@+"#, r#"s" ab" drop c@+ emit drop"#),
    (r#"place"#, r#"s" hi" pad place  pad count type"#),
    (
        r#"+place"#,
        r#"s" hi" pad place  s"  there" pad +place  pad count type"#,
    ),
    (r#"hex."#, r#"255 hex.  \ $FF"#),
    (r#"dec."#, r#"hex 10 dec. decimal  \ 16"#),
    (r#"?leave"#, r#": t 10 0 do i 3 = ?leave i . loop ;  t"#),
    (r#"ekey"#, r#"ekey ."#),
    (r#"ekey?"#, r#"ekey? ."#),
];

/// Edit distance, for "did you mean".
fn distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut cur = vec![i + 1];
        for (j, cb) in b.iter().enumerate() {
            let cost = usize::from(ca != *cb);
            cur.push((prev[j] + cost).min(prev[j + 1] + 1).min(cur[j] + 1));
        }
        prev = cur;
    }
    prev[b.len()]
}

fn spec_for(instr: crate::instr::Instr) -> Option<&'static Spec> {
    all_specs().find(|s| s.instr == instr)
}

impl Forth {
    /// Everything known about a word, looked up through the search order.
    pub fn word_info(&mut self, name: &str) -> Option<WordInfo> {
        let xt = self.dict.find(name)?;
        Some(self.info_for(xt))
    }

    pub(crate) fn info_for(&self, xt: u32) -> WordInfo {
        let w = &self.dict.words[xt as usize];
        let name = w.name.to_string();
        let example = EXAMPLES
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(&name))
            .map(|(_, e)| e.to_string());
        if let Kind::Prim(i) = w.kind
            && let Some(spec) = spec_for(i)
        {
            let (doc, example) = match spec.doc.split_once(" Example: ") {
                Some((d, e)) => (d.to_string(), Some(e.to_string())),
                None => (spec.doc.to_string(), example),
            };
            return WordInfo {
                name,
                effect: Some(spec.effect.to_string()),
                doc: Some(doc),
                set: Some(spec.set.name()),
                origin: Origin::Builtin,
                example,
            };
        }
        let prelude = crate::glossary::prelude_entries()
            .into_iter()
            .find(|e| e.name.eq_ignore_ascii_case(&name));
        if let Some(e) = prelude.filter(|_| xt < self.user_start) {
            return WordInfo {
                name,
                effect: Some(e.effect),
                doc: Some(e.doc),
                set: Some("prelude"),
                origin: Origin::Prelude,
                example,
            };
        }
        WordInfo {
            name,
            effect: w.effect.as_deref().map(str::to_string),
            doc: None,
            set: None,
            origin: Origin::User,
            example: None,
        }
    }

    /// The stack effect of a word, if it is known.
    pub fn stack_effect(&mut self, name: &str) -> Option<String> {
        self.word_info(name)?.effect
    }

    /// Names close to an unknown one, best first.
    pub fn suggestions(&self, name: &str) -> Vec<String> {
        let lower = name.to_ascii_lowercase();
        let limit = if lower.len() <= 3 { 1 } else { 2 };
        let mut scored: Vec<(usize, String)> = self
            .visible_names()
            .into_iter()
            .filter_map(|n| {
                let d = distance(&lower, &n.to_ascii_lowercase());
                (d <= limit).then_some((d, n))
            })
            .collect();
        scored.sort();
        scored.dedup_by(|a, b| a.1.eq_ignore_ascii_case(&b.1));
        scored.into_iter().take(3).map(|(_, n)| n).collect()
    }

    /// Every name found through the search order (shadowed ones once).
    pub fn visible_names(&self) -> Vec<String> {
        let mut names: Vec<String> = Vec::new();
        for &wid in self.dict.order.iter().rev() {
            if let Some(wl) = self.dict.wordlists.get(wid as usize) {
                names.extend(
                    wl.map
                        .values()
                        .map(|&xt| self.dict.words[xt as usize].name.to_string()),
                );
            }
        }
        names.sort_by_key(|n| n.to_ascii_lowercase());
        names.dedup_by(|a, b| a.eq_ignore_ascii_case(b));
        names
    }

    /// The text HELP prints.
    pub fn help_text(&mut self, name: Option<&str>) -> String {
        let Some(name) = name else {
            return GETTING_STARTED.to_string();
        };
        let Some(info) = self.word_info(name) else {
            let close = self.suggestions(name);
            return if close.is_empty() {
                format!("`{name}` is not a word I know. `words` lists them all.\n")
            } else {
                format!(
                    "`{name}` is not a word I know. Did you mean {}?\n",
                    quote_list(&close)
                )
            };
        };
        let mut s = format!(
            "{} {}\n",
            info.name,
            info.effect.as_deref().unwrap_or("( ? )")
        );
        if let Some(doc) = &info.doc {
            s.push_str(&format!("  {doc}\n"));
        }
        s.push_str(&match info.origin {
            Origin::Builtin => format!(
                "  Word set: {} (built in, written in Rust)\n",
                info.set.unwrap_or("?")
            ),
            Origin::Prelude => "  Written in Forth in the prelude: `see` shows how.\n".to_string(),
            Origin::User => "  Your own word: `see` shows its definition.\n".to_string(),
        });
        if let Some(e) = &info.example {
            s.push_str(&format!("  Example: {e}\n"));
        }
        s
    }
}

/// `a`, `b` or `c`
pub fn quote_list(names: &[String]) -> String {
    let q: Vec<String> = names.iter().map(|n| format!("`{n}`")).collect();
    match q.len() {
        0 => String::new(),
        1 => q[0].clone(),
        _ => format!("{} or {}", q[..q.len() - 1].join(", "), q[q.len() - 1]),
    }
}

const GETTING_STARTED: &str = "\
Forth works on a stack. Type numbers to push them, and words to work on them:
  2 3 + .        adds 2 and 3 and prints 5
  .s             shows the stack without changing it
  : square ( n -- n*n ) dup * ;    makes a new word; then try  7 square .
After each line playforth says ` ok` and shows the stack: <depth> then the
cells, the top last.
  help WORD      what a word does, with its stack effect ( before -- after )
  words          every word, grouped; Tab completes a word as you type
  see WORD       how a word is defined
  trace WORD     watch a word run step by step (untrace WORD stops it)
Games to play: include examples/othello.fs  (or rps, rps-team, jungle, chess,
fivestep), then type play.  bye or Ctrl-D leaves; Ctrl-C stops a running word.
";

// ---- the REPL's eyes: classes of tokens for colour, and unfinished input ----

/// What a token on the input line is, for colouring.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Class {
    Builtin,
    User,
    Number,
    Text,
    Comment,
    Unknown,
    /// The name a defining word is about to create.
    NewName,
    Space,
}

/// Words after which the next token is a new name, not a word to find.
const DEFINERS: &[&str] = &[
    ":",
    "create",
    "variable",
    "constant",
    "value",
    "2constant",
    "2variable",
    "2value",
    "defer",
    "buffer:",
    "marker",
    "begin-structure",
    "field:",
    "cfield:",
    "+field",
    "synonym",
    "to",
    "+to",
    "is",
    "'",
    "[']",
    "postpone",
    "see",
    "help",
    "char",
    "[char]",
    "include",
    "require",
    "trace",
    "untrace",
    "action-of",
];
/// Words that parse text up to a closing quote or parenthesis.
const QUOTERS: &[&str] = &["s\"", ".\"", "c\"", "abort\"", ",\"", "s\\\""];

/// Split a line into classed pieces (blanks included, so they rejoin to
/// the line). `lookup` says whether a name is a word, and whether it is the
/// user's; numbers follow `base`.
pub fn classify(
    line: &str,
    base: i64,
    lookup: &dyn Fn(&str) -> Option<bool>,
) -> Vec<(Class, String)> {
    let mut out: Vec<(Class, String)> = Vec::new();
    let mut rest = line;
    let mut after_definer = false;
    while !rest.is_empty() {
        let blank = rest.len() - rest.trim_start().len();
        if blank > 0 {
            out.push((Class::Space, rest[..blank].to_string()));
            rest = &rest[blank..];
            continue;
        }
        let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
        let tok = &rest[..end];
        let lower = tok.to_ascii_lowercase();
        if tok == "\\" {
            out.push((Class::Comment, rest.to_string()));
            break;
        }
        if tok == "(" || tok == ".(" {
            let close = rest[end..].find(')').map_or(rest.len(), |i| end + i + 1);
            out.push((Class::Comment, rest[..close].to_string()));
            rest = &rest[close..];
            continue;
        }
        if QUOTERS.contains(&lower.as_str()) {
            let close = rest[end..].find('"').map_or(rest.len(), |i| end + i + 1);
            out.push((Class::Builtin, tok.to_string()));
            out.push((Class::Text, rest[end..close].to_string()));
            rest = &rest[close..];
            continue;
        }
        let class = if after_definer {
            after_definer = false;
            match lookup(tok) {
                Some(true) => Class::User,
                Some(false) => Class::Builtin,
                None => Class::NewName,
            }
        } else {
            match lookup(tok) {
                Some(true) => Class::User,
                Some(false) => Class::Builtin,
                None if crate::interp::parse_number(tok.as_bytes(), base).is_some() => {
                    Class::Number
                }
                None => Class::Unknown,
            }
        };
        if DEFINERS.contains(&lower.as_str()) {
            after_definer = true;
        }
        out.push((class, tok.to_string()));
        rest = &rest[end..];
    }
    out
}

/// ANSI colours for each class.
pub fn colour(class: Class) -> &'static str {
    match class {
        Class::Builtin => "\x1b[1;34m",
        Class::User => "\x1b[1;32m",
        Class::Number => "\x1b[33m",
        Class::Text => "\x1b[36m",
        Class::Comment => "\x1b[90m",
        Class::Unknown => "\x1b[1;31m",
        Class::NewName => "\x1b[1;35m",
        Class::Space => "",
    }
}

/// The line with colours.
pub fn highlight(line: &str, base: i64, lookup: &dyn Fn(&str) -> Option<bool>) -> String {
    let mut s = String::new();
    for (class, text) in classify(line, base, lookup) {
        if class == Class::Space {
            s.push_str(&text);
        } else {
            s.push_str(colour(class));
            s.push_str(&text);
            s.push_str("\x1b[0m");
        }
    }
    s
}

/// Is this input unfinished: an open `:` definition, `(` comment or
/// string? Then the REPL asks for another line before running it.
pub fn unfinished(input: &str) -> bool {
    let mut in_definition = false;
    let mut in_comment = false;
    let mut in_string = false;
    for line in input.lines() {
        let mut rest = line;
        loop {
            if in_comment {
                match rest.find(')') {
                    Some(i) => {
                        in_comment = false;
                        rest = &rest[i + 1..];
                    }
                    None => break,
                }
            }
            if in_string {
                match rest.find('"') {
                    Some(i) => {
                        in_string = false;
                        rest = &rest[i + 1..];
                    }
                    None => break,
                }
            }
            let t = rest.trim_start();
            if t.is_empty() {
                break;
            }
            let end = t.find(char::is_whitespace).unwrap_or(t.len());
            let tok = t[..end].to_ascii_lowercase();
            rest = &t[end..];
            match tok.as_str() {
                "\\" => break,
                "(" => in_comment = true,
                ":" | ":noname" => in_definition = true,
                ";" => in_definition = false,
                ".(" => rest = rest.find(')').map_or("", |i| &rest[i + 1..]),
                _ if QUOTERS.contains(&tok.as_str()) => match rest.find('"') {
                    Some(i) => rest = &rest[i + 1..],
                    None => {
                        in_string = true;
                        break;
                    }
                },
                _ => {}
            }
        }
    }
    in_definition || in_comment || in_string
}

/// Completion: the known words starting with the word before the cursor.
/// Returns where that word starts and (display, replacement) pairs; the
/// display shows each word's stack effect. Shorter names come first.
pub fn complete(
    line: &str,
    pos: usize,
    words: &[(String, Option<String>)],
) -> (usize, Vec<(String, String)>) {
    let pos = pos.min(line.len());
    let start = line[..pos].rfind(char::is_whitespace).map_or(0, |i| i + 1);
    let prefix = line[start..pos].to_ascii_lowercase();
    let mut found: Vec<&(String, Option<String>)> = words
        .iter()
        .filter(|(n, _)| n.to_ascii_lowercase().starts_with(&prefix))
        .collect();
    found.sort_by(|a, b| a.0.len().cmp(&b.0.len()).then(a.0.cmp(&b.0)));
    let pairs = found
        .into_iter()
        .map(|(n, e)| {
            (
                e.as_ref().map_or_else(|| n.clone(), |e| format!("{n} {e}")),
                n.clone(),
            )
        })
        .collect();
    (start, pairs)
}

/// The hint shown after the cursor: the stack effect of the word just typed.
pub fn hint(line: &str, pos: usize, effect_of: &dyn Fn(&str) -> Option<String>) -> Option<String> {
    if pos < line.len() {
        return None;
    }
    let word = word_at(line, pos);
    if word.is_empty() {
        return None;
    }
    effect_of(word).map(|e| format!("  {e}"))
}

/// The word the cursor is in or just after.
pub fn word_at(line: &str, pos: usize) -> &str {
    let pos = pos.min(line.len());
    let start = line[..pos].rfind(char::is_whitespace).map_or(0, |i| i + 1);
    let end = line[pos..]
        .find(char::is_whitespace)
        .map_or(line.len(), |i| pos + i);
    &line[start..end]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lookup(w: &str) -> Option<bool> {
        match w.to_ascii_lowercase().as_str() {
            "dup" | "+" | ":" | ";" | "." | "s\"" => Some(false),
            "square" => Some(true),
            _ => None,
        }
    }

    #[test]
    fn tokens_are_classed() {
        let c = classify(
            ": cube dup square * ; 12 frob ( n -- ) \\ done",
            10,
            &lookup,
        );
        let kinds: Vec<Class> = c
            .iter()
            .filter(|(k, _)| *k != Class::Space)
            .map(|(k, _)| *k)
            .collect();
        use Class::*;
        assert_eq!(
            kinds,
            vec![
                Builtin, NewName, Builtin, User, Unknown, Builtin, Number, Unknown, Comment,
                Comment
            ]
        );
        let joined: String = c.iter().map(|(_, t)| t.as_str()).collect();
        assert_eq!(joined, ": cube dup square * ; 12 frob ( n -- ) \\ done");
    }

    #[test]
    fn strings_are_text() {
        let c = classify("s\" hi there\" .", 10, &lookup);
        assert_eq!(c[0], (Class::Builtin, "s\"".to_string()));
        assert_eq!(c[1], (Class::Text, " hi there\"".to_string()));
    }

    #[test]
    fn unfinished_input_is_noticed() {
        assert!(unfinished(": square"));
        assert!(unfinished(": square\n dup *"));
        assert!(!unfinished(": square\n dup * ;"));
        assert!(unfinished("1 2 ( a long"));
        assert!(!unfinished("1 2 ( a long\n comment ) +"));
        assert!(!unfinished(".\" a ; b\" \\ : c"));
        assert!(!unfinished("s\" :\" type"));
        assert!(unfinished(".\" a long"));
        assert!(!unfinished(".\" a long\nstring\" cr"));
    }

    #[test]
    fn completion_lists_effects() {
        let words = vec![
            ("swap".to_string(), Some("( x1 x2 -- x2 x1 )".to_string())),
            ("sq".to_string(), Some("( n -- n*n )".to_string())),
            ("dup".to_string(), None),
        ];
        let (start, c) = complete("7 S", 3, &words);
        assert_eq!(start, 2);
        assert_eq!(c[0], ("sq ( n -- n*n )".to_string(), "sq".to_string()));
        assert_eq!(
            c[1],
            ("swap ( x1 x2 -- x2 x1 )".to_string(), "swap".to_string())
        );
        assert_eq!(
            complete("du", 2, &words).1,
            vec![("dup".to_string(), "dup".to_string())]
        );
    }

    #[test]
    fn hints_show_the_effect_at_the_end_of_the_line() {
        let effect = |w: &str| (w == "swap").then(|| "( x1 x2 -- x2 x1 )".to_string());
        assert_eq!(
            hint("1 2 swap", 8, &effect),
            Some("  ( x1 x2 -- x2 x1 )".to_string())
        );
        assert_eq!(hint("1 2 swap", 3, &effect), None);
        assert_eq!(hint("1 2 ", 4, &effect), None);
    }

    #[test]
    fn the_word_under_the_cursor() {
        assert_eq!(word_at("1 2 swap drop", 6), "swap");
        assert_eq!(word_at("1 2 swap", 8), "swap");
        assert_eq!(word_at("dup", 0), "dup");
    }

    #[test]
    fn highlighting_wraps_in_colours() {
        let h = highlight("dup frob", 10, &lookup);
        assert!(h.contains("\x1b[1;34mdup\x1b[0m"));
        assert!(h.contains("\x1b[1;31mfrob\x1b[0m"));
    }
}
