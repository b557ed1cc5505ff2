//! What the teaching REPL knows about words: stack effects, descriptions,
//! word sets and examples for `help`, completion and hints, and the
//! "did you mean" of an undefined word. Everything comes from the word
//! tables, the prelude's comments and the user's own stack comments.

use crate::dictionary::Kind;
use crate::vm::Forth;
use crate::words::Spec;

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
    /// The effect was inferred from the word's code (it has no stack comment).
    pub effect_inferred: bool,
}

/// Examples for `help`, for the words a learner meets first. Game words
/// carry theirs in their description.
///
/// The comment after `\ ` is exactly what the example prints, spaces
/// aside: `5 dup * .  \ 25`. A remark in parentheses at its end is not
/// output (`\ -4 (floored)`); a comment that is only a remark is prose, for
/// output nobody can promise (`\ (press a key: its code)`). An example
/// without a comment prints nothing (blanks aside).
/// `tests/help_examples.rs` runs every example and holds it to this.
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
    (r#"2dup"#, r#"1 2 2dup .s  \ <4> 1 2 1 2"#),
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
    (r#"."#, r#"42 .  \ 42 (and a space)"#),
    (".s", "1 2 3 .s  \\ <3> 1 2 3"),
    ("emit", "65 emit  \\ A"),
    (r#"cr"#, r#"." one" cr ." two"  \ one two (on two lines)"#),
    (r#"type"#, r#"s" hello" type  \ hello"#),
    (r#"spaces"#, r#"3 spaces ." x"  \ x (after three spaces)"#),
    (r#".""#, r#": hi ." Hello!" ; hi  \ Hello!"#),
    (r#"s""#, r#"s" forth" type  \ forth"#),
    (r#":"#, r#": square ( n -- n*n ) dup * ;  5 square .  \ 25"#),
    (r#";"#, r#": five 5 ;  five .  \ 5"#),
    (
        r#"variable"#,
        r#"variable score  10 score !  score @ .  \ 10"#,
    ),
    (r#"constant"#, r#"3 constant Scissor  Scissor .  \ 3"#),
    (
        r#"value"#,
        r#"5 value lives  lives .  4 to lives  lives .  \ 5 4"#,
    ),
    (r#"to"#, r#"0 value n  7 to n  n .  \ 7"#),
    (r#"!"#, r#"variable x  42 x !  x @ .  \ 42"#),
    (r#"@"#, r#"variable x  42 x !  x @ .  \ 42"#),
    ("+!", "variable x  1 x !  5 x +!  x @ .  \\ 6"),
    ("create", "create board 64 allot  board 64 erase"),
    ("allot", "create buf 10 allot"),
    (",", "create primes 2 , 3 , 5 ,  primes cell+ @ .  \\ 3"),
    (
        r#"if"#,
        r#": sign? ( n -- ) 0< if ." negative" else ." not negative" then ;  -5 sign?  \ negative"#,
    ),
    (
        r#"else"#,
        r#": even? ( n -- ) 2 mod if ." odd" else ." even" then ;  3 even?  \ odd"#,
    ),
    (
        r#"then"#,
        r#": warn ( n -- ) 100 > if ." too big!" then ;  200 warn  \ too big!"#,
    ),
    ("do", ": count5 5 0 do i . loop ;  count5  \\ 0 1 2 3 4"),
    (
        r#"?do"#,
        r#": stars ( n -- ) 0 ?do [char] * emit loop ;  0 stars 3 stars  \ ***"#,
    ),
    (
        r#"loop"#,
        r#": count5 5 0 do i . loop ;  count5  \ 0 1 2 3 4"#,
    ),
    (
        r#"+loop"#,
        r#": evens 10 0 do i . 2 +loop ;  evens  \ 0 2 4 6 8"#,
    ),
    (
        r#"i"#,
        r#": squares 4 0 do i i * . loop ;  squares  \ 0 1 4 9"#,
    ),
    (
        r#"leave"#,
        r#": first3 10 0 do i 3 = if leave then i . loop ;  first3  \ 0 1 2"#,
    ),
    (
        r#"begin"#,
        r#": countdown ( n -- ) begin dup . 1- dup 0= until drop ;  3 countdown  \ 3 2 1"#,
    ),
    (
        r#"until"#,
        r#": countdown ( n -- ) begin dup . 1- dup 0= until drop ;  3 countdown  \ 3 2 1"#,
    ),
    (
        r#"while"#,
        r#": halve ( n -- ) begin dup 0> while dup . 2/ repeat drop ;  10 halve  \ 10 5 2 1"#,
    ),
    (
        r#"repeat"#,
        r#": halve ( n -- ) begin dup 0> while dup . 2/ repeat drop ;  10 halve  \ 10 5 2 1"#,
    ),
    (
        r#"again"#,
        r#": forever begin ." x" again ;  \ (forever prints x until Ctrl-C stops it)"#,
    ),
    (
        r#"case"#,
        r#": name ( n -- ) case 1 of ." one" endof 2 of ." two" endof ." many" endcase ;  2 name  \ two"#,
    ),
    (
        r#"recurse"#,
        r#": fact ( n -- n! ) dup 1 > if dup 1- recurse * then ;  5 fact .  \ 120"#,
    ),
    (
        r#"exit"#,
        r#": check ( n -- ) dup 0= if drop exit then . ;  0 check 5 check  \ 5"#,
    ),
    (
        r#"catch"#,
        r#": safe ['] / catch if ." oops" then ;  1 0 safe  \ oops"#,
    ),
    (
        r#"throw"#,
        r#": check ( n -- ) 0< if -24 throw then ;  -1 ' check catch . drop  \ -24"#,
    ),
    ("abort\"", ": check ( n -- ) 0< abort\" negative!\" ;"),
    (r#"key"#, r#"key .  \ (press a key: its code, 97 for a)"#),
    (
        r#"see"#,
        r#": square ( n -- n*n ) dup * ;  see square  \ : square ( n -- n*n ) dup * ;"#,
    ),
    (r#"words"#, r#"words  \ (every word, by word set)"#),
    (r#"help"#, r#"help dup  \ (this text, for dup)"#),
    ("include", "include examples/othello.fs"),
    ("execute", "5 ' dup execute . .  \\ 5 5"),
    (r#"'"#, r#"5 ' dup execute . .  \ 5 5"#),
    (r#"here"#, r#"here 10 allot here swap - .  \ 10"#),
    ("base", "2 base ! 101 decimal .  \\ 5"),
    ("hex", "hex ff decimal .  \\ 255"),
    ("decimal", "hex 10 decimal .  \\ 16"),
    ("char", "char A .  \\ 65"),
    (
        r#"[char]"#,
        r#": a? ( c -- f ) [char] a = ;  char a a? .  \ -1"#,
    ),
    (r#"2drop"#, r#"1 2 3 2drop .  \ 1"#),
    (r#"2swap"#, r#"1 2 3 4 2swap .s  \ <4> 3 4 1 2"#),
    (r#"2over"#, r#"1 2 3 4 2over .s  \ <6> 1 2 3 4 1 2"#),
    (r#"2rot"#, r#"1 2 3 4 5 6 2rot .s  \ <6> 3 4 5 6 1 2"#),
    (
        r#">r"#,
        r#": under ( a b -- b ) >r drop r> ;  1 2 under .  \ 2"#,
    ),
    (r#"r>"#, r#": keep ( x -- x ) >r r> ;  5 keep .  \ 5"#),
    (
        r#"r@"#,
        r#": twice ( x -- x x ) >r r@ r> ;  7 twice . .  \ 7 7"#,
    ),
    (
        r#"2>r"#,
        r#": pair ( a b -- a b ) 2>r 2r> ;  1 2 pair . .  \ 2 1"#,
    ),
    (
        r#"2r>"#,
        r#": pair ( a b -- a b ) 2>r 2r> ;  1 2 pair . .  \ 2 1"#,
    ),
    (
        r#"2r@"#,
        r#": peek2 ( a b -- a b a b ) 2>r 2r@ 2r> ;  1 2 peek2 .s  \ <4> 1 2 1 2"#,
    ),
    (r#"rdrop"#, r#": discard ( x -- ) >r rdrop ;  5 discard"#),
    (
        r#"j"#,
        r#": grid 2 0 do 3 0 do j . loop loop ;  grid  \ 0 0 0 1 1 1"#,
    ),
    (
        r#"k"#,
        r#": cube 2 0 do 2 0 do 2 0 do k . loop loop loop ;  cube  \ 0 0 0 0 1 1 1 1"#,
    ),
    (
        r#"unloop"#,
        r#": find3 ( -- n ) 10 0 do i 3 = if i unloop exit then loop -1 ;  find3 .  \ 3"#,
    ),
    (r#"*/mod"#, r#"10 3 4 */mod . .  \ 7 2"#),
    (r#"1-"#, r#"43 1- .  \ 42"#),
    (r#"2*"#, r#"21 2* .  \ 42"#),
    (r#"2/"#, r#"85 2/ .  \ 42"#),
    (r#"rshift"#, r#"256 4 rshift .  \ 16"#),
    (r#"<>"#, r#"1 2 <> .  \ -1"#),
    (r#"u<"#, r#"-1 1 u< .  \ 0 (-1 is the largest unsigned)"#),
    (r#"u>"#, r#"-1 1 u> .  \ -1"#),
    (r#"0<>"#, r#"5 0<> .  \ -1"#),
    (r#"0<"#, r#"-5 0< .  \ -1"#),
    (r#"0>"#, r#"5 0> .  \ -1"#),
    (r#"under+"#, r#"1 2 10 under+ . .  \ 2 11"#),
    (
        r#"bounds"#,
        r#": .chars ( c-addr u -- ) bounds ?do i c@ emit loop ;  s" abc" .chars  \ abc"#,
    ),
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
    (
        r#"2!"#,
        r#"create p 2 cells allot  1 2 p 2!  p 2@ . .  \ 2 1"#,
    ),
    (r#"on"#, r#"variable done  done on  done @ .  \ -1"#),
    (r#"off"#, r#"variable done  done off  done @ .  \ 0"#),
    (r#"cell+"#, r#"create xs 10 , 20 ,  xs cell+ @ .  \ 20"#),
    (r#"cells"#, r#"3 cells .  \ 24"#),
    (r#"char+"#, r#"s" ab" drop char+ c@ emit  \ b"#),
    (r#"chars"#, r#"5 chars .  \ 5"#),
    (r#"aligned"#, r#"9 aligned .  \ 16"#),
    (
        r#"move"#,
        r#"create to-here 5 allot  s" hello" to-here swap move  to-here 5 type  \ hello"#,
    ),
    (
        r#"cmove"#,
        r#"create buf 5 allot  s" hello" buf swap cmove  buf 5 type  \ hello"#,
    ),
    (
        r#"cmove>"#,
        r#"create buf 5 allot  s" hello" buf swap cmove>  buf 5 type  \ hello"#,
    ),
    (
        r#"fill"#,
        r#"create buf 3 allot  buf 3 char * fill  buf 3 type  \ ***"#,
    ),
    (
        r#"erase"#,
        r#"create buf 3 allot  buf 3 erase  buf c@ .  \ 0"#,
    ),
    (
        r#"blank"#,
        r#"create buf 3 allot  buf 3 blank  buf c@ .  \ 32"#,
    ),
    (
        r#"allocate"#,
        r#"100 allocate throw  dup 42 swap !  dup @ .  free throw  \ 42"#,
    ),
    (r#"free"#, r#"100 allocate throw  free .  \ 0"#),
    (
        r#"resize"#,
        r#"10 allocate throw  100 resize throw  free throw"#,
    ),
    (
        r#"count"#,
        r#"create name ," Forth"  name count type  \ Forth"#,
    ),
    (
        r#"s\""#,
        r#"s\" one\ttwo\n" type  \ one two (a tab between, a new line after)"#,
    ),
    (r#".("#, r#".( shown at once)  \ shown at once"#),
    (r#"c""#, r#": greeting c" hi" ;  greeting count type  \ hi"#),
    (r#",""#, r#"create msg ," hello"  msg count type  \ hello"#),
    (
        r#"sliteral"#,
        r#": hi [ s" hello" ] sliteral type ;  hi  \ hello"#,
    ),
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
        r#": .money ( n -- ) s>d <# # # [char] . hold #s #> type ;  1234 .money  \ 12.34"#,
    ),
    (r#"#"#, r#": .2 ( n -- ) s>d <# # # #> type ;  7 .2  \ 07"#),
    (r#"#s"#, r#"42 s>d <# #s #> type  \ 42"#),
    (r#"#>"#, r#"42 s>d <# #s #> type  \ 42"#),
    (
        r#"hold"#,
        r#": .dollars ( n -- ) s>d <# #s [char] $ hold #> type ;  42 .dollars  \ $42"#,
    ),
    (r#"holds"#, r#"42 s>d <# #s s" = " holds #> type  \ = 42"#),
    (
        r#"sign"#,
        r#"-42 dup abs s>d <# #s rot sign #> type  \ -42"#,
    ),
    (
        r#"u."#,
        r#"-1 u.  \ 18446744073709551615 (the largest unsigned cell)"#,
    ),
    (r#".r"#, r#"42 6 .r  \ 42 (right-aligned in 6 columns)"#),
    (r#"u.r"#, r#"42 6 u.r  \ 42 (right-aligned in 6 columns)"#),
    (r#"d."#, r#"1. d.  \ 1"#),
    (r#"d.r"#, r#"1. 6 d.r  \ 1 (right-aligned in 6 columns)"#),
    (
        r#"ud."#,
        r#"-1. ud.  \ 340282366920938463463374607431768211455 (the largest unsigned double)"#,
    ),
    (
        r#"replaces"#,
        r#"s" tiger" s" animal" replaces  s" the %animal%" pad 80 substitute drop type  \ the tiger"#,
    ),
    (
        r#"substitute"#,
        r#"s" tiger" s" animal" replaces  s" the %animal%" pad 80 substitute drop type  \ the tiger"#,
    ),
    (r#"unescape"#, r#"s" 50%" pad unescape type  \ 50%%"#),
    (r#"space"#, r#"." a" space ." b"  \ a b"#),
    (r#"key?"#, r#"key? .  \ (-1 if a key is waiting, else 0)"#),
    (
        r#"accept"#,
        r#"create line 80 allot  line 80 accept  line swap type  \ (the line you type)"#,
    ),
    (r#"page"#, r#"page  \ (clears the screen)"#),
    (
        r#"at-xy"#,
        r#"0 0 at-xy  \ (the cursor goes to the top left)"#,
    ),
    (r#"ms"#, r#"10 ms"#),
    (
        r#"time&date"#,
        r#"time&date . . . . . .  \ (year month day hour minute second)"#,
    ),
    (r#"utime"#, r#"utime d.  \ (microseconds since 1970)"#),
    (
        r#"argc"#,
        r#"argc @ .  \ (how many command-line arguments, the program included)"#,
    ),
    (r#"arg"#, r#"0 arg type  \ playforth"#),
    (
        r#"next-arg"#,
        r#"next-arg type  \ (the next command-line argument, if any)"#,
    ),
    (r#"bin"#, r#"r/o bin .  \ 1 (bin changes nothing here)"#),
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
        r#"s" examples/rps.fs" r/o open-file throw close-file .  \ 0"#,
    ),
    (
        r#"delete-file"#,
        r#"s" /tmp/playforth-example.txt" w/o create-file throw close-file throw  s" /tmp/playforth-example.txt" delete-file .  \ 0"#,
    ),
    (
        r#"rename-file"#,
        r#"s" /tmp/playforth-a.txt" w/o create-file throw close-file throw  s" /tmp/playforth-a.txt" s" /tmp/playforth-b.txt" rename-file .  \ 0"#,
    ),
    (
        r#"file-status"#,
        r#"s" examples/rps.fs" file-status nip .  \ 0 (it exists)"#,
    ),
    (
        r#"read-file"#,
        r#"create buf 10 allot  s" examples/rps.fs" r/o open-file throw  buf 10 rot read-file throw buf swap type  \ (the first 10 bytes of the file)"#,
    ),
    (
        r#"read-line"#,
        r#"create buf 80 allot  s" examples/rps.fs" r/o open-file throw  buf 80 rot read-line throw drop buf swap type  \ (the first line of the file)"#,
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
        r#"s" examples/rps.fs" r/o open-file throw  file-position throw d.  \ 0 (at the start)"#,
    ),
    (
        r#"reposition-file"#,
        r#"s" examples/rps.fs" r/o open-file throw  10. rot reposition-file .  \ 0"#,
    ),
    (
        r#"file-size"#,
        r#"s" examples/rps.fs" r/o open-file throw  file-size throw d.  \ (its size in bytes)"#,
    ),
    (
        r#"resize-file"#,
        r#"s" /tmp/playforth-example.txt" w/o create-file throw  100. rot resize-file .  \ 0"#,
    ),
    (
        r#"flush-file"#,
        r#"s" /tmp/playforth-example.txt" w/o create-file throw  flush-file .  \ 0"#,
    ),
    (r#"emit-file"#, r#"char A stdout emit-file drop  \ A"#),
    (r#"stdin"#, r#"stdin .  \ 1"#),
    (r#"stdout"#, r#"s" hello" stdout write-line drop  \ hello"#),
    (
        r#"stderr"#,
        r#"s" a note" stderr write-line drop  \ a note"#,
    ),
    (
        r#":noname"#,
        r#":noname ( n -- n*2 ) 2 * ;  5 swap execute .  \ 10"#,
    ),
    (r#"["#, r#": five [ 2 3 + ] literal ;  five .  \ 5"#),
    (r#"]"#, r#": five [ 2 3 + ] literal ;  five .  \ 5"#),
    (
        r#"immediate"#,
        r#": now ." compiling!" ; immediate  : later now ;  \ compiling!"#,
    ),
    (
        r#"compile-only"#,
        r#": inside 1 ; compile-only  : t inside ;  t .  \ 1"#,
    ),
    (r#"literal"#, r#": five [ 5 ] literal ;  five .  \ 5"#),
    (r#"2literal"#, r#": two [ 1 2 ] 2literal ;  two . .  \ 2 1"#),
    (
        r#"postpone"#,
        r#": my-if postpone if ; immediate  : t my-if 1 then ;  -1 t .  \ 1"#,
    ),
    (r#"[compile]"#, r#": my-if [compile] if ; immediate"#),
    (
        r#"compile,"#,
        r#": dup, ['] dup compile, ; immediate  : t dup, * ;  3 t .  \ 9"#,
    ),
    (r#"[']"#, r#": apply ['] dup execute ;  5 apply . .  \ 5 5"#),
    (
        r#"find"#,
        r#"c" dup" find . drop  \ -1 (found, not immediate)"#,
    ),
    (
        r#"search-wordlist"#,
        r#"s" dup" forth-wordlist search-wordlist . drop  \ -1"#,
    ),
    (r#">body"#, r#"create data 42 ,  ' data >body @ .  \ 42"#),
    (r#"c,"#, r#"create bytes 1 c, 2 c,  bytes 1+ c@ .  \ 2"#),
    (r#"align"#, r#"1 c, align here 8 mod .  \ 0"#),
    (r#"unused"#, r#"unused 0> .  \ -1"#),
    (
        r#"does>"#,
        r#": counter create , does> @ ;  7 counter seven  seven .  \ 7"#,
    ),
    (
        r#"2variable"#,
        r#"2variable pos  1 2 pos 2!  pos 2@ . .  \ 2 1"#,
    ),
    (r#"2constant"#, r#"1 2 2constant pair  pair . .  \ 2 1"#),
    (r#"+to"#, r#"5 value n  3 +to n  n .  \ 8"#),
    (r#"2value"#, r#"1 2 2value pos  pos . .  \ 2 1"#),
    (
        r#"defer"#,
        r#"defer greet  :noname ." hi" ; is greet  greet  \ hi"#,
    ),
    (
        r#"is"#,
        r#"defer greet  :noname ." hi" ; is greet  greet  \ hi"#,
    ),
    (
        r#"action-of"#,
        r#"defer greet  ' cr is greet  action-of greet ' cr = .  \ -1"#,
    ),
    (
        r#"defer@"#,
        r#"defer greet  ' cr is greet  ' greet defer@ ' cr = .  \ -1"#,
    ),
    (
        r#"defer!"#,
        r#"defer greet  :noname ." hi" ; ' greet defer!  greet  \ hi"#,
    ),
    (r#"buffer:"#, r#"10 buffer: scratch  scratch 10 erase"#),
    (r#"marker"#, r#"marker clean  : temp 1 ;  clean"#),
    (r#"synonym"#, r#"synonym plus +  2 3 plus .  \ 5"#),
    (
        r#"ahead"#,
        r#": t ahead ." skipped" then ." here" ;  t  \ here"#,
    ),
    (
        r#"cs-pick"#,
        r#": t ( n -- ) begin [ 0 cs-pick ] dup . 1- dup 0= until [ 2drop ] drop ;  3 t  \ 3 2 1"#,
    ),
    (
        r#"cs-roll"#,
        r#": t ( flag -- ) if ahead [ 1 cs-roll ] then ." false " then ." done " ;  0 t  -1 t  \ false done done"#,
    ),
    (
        r#"of"#,
        r#": name ( n -- ) case 1 of ." one" endof ." other" endcase ;  1 name  \ one"#,
    ),
    (
        r#"endof"#,
        r#": name ( n -- ) case 1 of ." one" endof ." other" endcase ;  2 name  \ other"#,
    ),
    (
        r#"endcase"#,
        r#": name ( n -- ) case 1 of ." one" endof ." other" endcase ;  1 name  \ one"#,
    ),
    (
        r#"{:"#,
        r#": diff {: a b -- d :} a b - ;  10 3 diff .  \ 7"#,
    ),
    (r#"abort"#, r#": check ( n -- ) 0< if abort then ;"#),
    (r#"quit"#, r#": stop quit ;"#),
    (r#"state"#, r#"state @ .  \ 0 (interpreting)"#),
    (
        r#">in"#,
        r#">in @ .  \ 6 (the offset of the . on this line)"#,
    ),
    (
        r#"source"#,
        r#"source drop 6 type  \ source (the first 6 characters of this line)"#,
    ),
    (r#"source-id"#, r#"source-id .  \ 0 (the terminal)"#),
    (
        r#"refill"#,
        r#"refill  \ (reads the next line in place of the rest of this one; true if there was one)"#,
    ),
    (r#"evaluate"#, r#"s" 2 3 + ." evaluate  \ 5"#),
    (r#"parse"#, r#"char ) parse text)  type  \ text"#),
    (r#"parse-name"#, r#"parse-name hello type  \ hello"#),
    (r#"word"#, r#"bl word hello count type  \ hello"#),
    (
        r#"save-input"#,
        r#"variable done  save-input  ." read " done @ [if] . [else] true done ! restore-input [then]  \ read read 0"#,
    ),
    (
        r#"restore-input"#,
        r#"variable done  save-input  ." read " done @ [if] . [else] true done ! restore-input [then]  \ read read 0"#,
    ),
    (
        r#"\"#,
        r#"1 2 + .  \ 3 (and the rest of the line is ignored)"#,
    ),
    (r#"#!"#, r#"#! /usr/bin/env playforth"#),
    (r#"included"#, r#"s" examples/rps.fs" included"#),
    (r#"require"#, r#"require examples/rps.fs"#),
    (r#"required"#, r#"s" examples/rps.fs" required"#),
    (
        r#"include-file"#,
        r#"s" examples/rps.fs" r/o open-file throw include-file"#,
    ),
    (
        r#"environment?"#,
        r#"s" MAX-N" environment? drop .  \ 9223372036854775807"#,
    ),
    (r#"n>r"#, r#"1 2 3 3 n>r nr> .s  \ <4> 1 2 3 3"#),
    (r#"nr>"#, r#"1 2 3 3 n>r nr> .s  \ <4> 1 2 3 3"#),
    (
        r#"begin-structure"#,
        r#"begin-structure point field: p.x field: p.y end-structure  point .  \ 16"#,
    ),
    (
        r#"end-structure"#,
        r#"begin-structure point field: p.x field: p.y end-structure  point .  \ 16"#,
    ),
    (
        r#"+field"#,
        r#"0 8 +field p.x drop  create pt 8 allot  5 pt p.x !  pt p.x @ .  \ 5"#,
    ),
    (r#"field:"#, r#"0 field: p.x drop"#),
    (r#"cfield:"#, r#"0 cfield: c.a drop"#),
    (r#"forth-wordlist"#, r#"forth-wordlist .  \ 0"#),
    (
        r#"get-order"#,
        r#"get-order .s  \ <3> 1 0 2 (games, then forth, then the count)"#,
    ),
    (r#"set-order"#, r#"get-order set-order"#),
    (r#"get-current"#, r#"get-current .  \ 0"#),
    (
        r#"set-current"#,
        r#"wordlist set-current forth-wordlist set-current"#,
    ),
    (r#"wordlist"#, r#"wordlist constant mine"#),
    (r#"definitions"#, r#"only forth definitions"#),
    (r#"also"#, r#"also forth previous"#),
    (r#"only"#, r#"only forth"#),
    (r#"games-wordlist"#, r#"games-wordlist .  \ 1"#),
    (r#"previous"#, r#"also forth previous"#),
    (r#"forth"#, r#"only forth"#),
    (r#"?"#, r#"variable x 42 x !  x ?  \ 42"#),
    (
        r#"dump"#,
        r#"s" Forth" dump  \ (the address, then the bytes in hex and as text)"#,
    ),
    (
        r#"order"#,
        r#"order  \ forth games forth (the search order, then where new words go)"#,
    ),
    (r#"bye"#, r#"bye"#),
    (r#"[if]"#, r#"1 [if] ." yes" [else] ." no" [then]  \ yes"#),
    (r#"[else]"#, r#"0 [if] ." yes" [else] ." no" [then]  \ no"#),
    (r#"[then]"#, r#"1 [if] ." yes" [then]  \ yes"#),
    (r#"[defined]"#, r#"[defined] dup .  \ -1"#),
    (r#"[undefined]"#, r#"[undefined] frob .  \ -1"#),
    (r#"cloth"#, r#"Cloth .  \ 2"#),
    (r#"scissor"#, r#"Scissor .  \ 3"#),
    (r#"bl"#, r#"bl emit"#),
    (r#"true"#, r#"true .  \ -1"#),
    (r#"false"#, r#"false .  \ 0"#),
    (r#"cell"#, r#"cell .  \ 8"#),
    (r#"noop"#, r#"noop"#),
    (r#"cell-"#, r#"100 cell- .  \ 92"#),
    (
        r#"perform"#,
        r#"variable action  :noname ." hi" ; action !  action perform  \ hi"#,
    ),
    (r#"str="#, r#"s" abc" s" abc" str= .  \ -1"#),
    (
        r#"string-prefix?"#,
        r#"s" forth" s" for" string-prefix? .  \ -1"#,
    ),
    (r#"d<>"#, r#"1. 2. d<> .  \ -1"#),
    (r#"<="#, r#"3 3 <= .  \ -1"#),
    (r#">="#, r#"3 2 >= .  \ -1"#),
    (r#"0<="#, r#"0 0<= .  \ -1"#),
    (r#"0>="#, r#"0 0>= .  \ -1"#),
    (r#"u<="#, r#"1 2 u<= .  \ -1"#),
    (r#"u>="#, r#"2 1 u>= .  \ -1"#),
    (
        r#"umin"#,
        r#"1 -1 umin .  \ 1 (-1 is the largest unsigned)"#,
    ),
    (r#"umax"#, r#"1 -1 umax .  \ -1"#),
    (r#"c@+"#, r#"s" ab" drop c@+ emit drop  \ a"#),
    (r#"place"#, r#"s" hi" pad place  pad count type  \ hi"#),
    (
        r#"+place"#,
        r#"s" hi" pad place  s"  there" pad +place  pad count type  \ hi there"#,
    ),
    (r#"hex."#, r#"255 hex.  \ $FF"#),
    (r#"dec."#, r#"hex 10 dec. decimal  \ 16"#),
    (
        r#"?leave"#,
        r#": t 10 0 do i 3 = ?leave i . loop ;  t  \ 0 1 2"#,
    ),
    (r#"ekey"#, r#"ekey .  \ (press a key: its code)"#),
    (r#"ekey?"#, r#"ekey? .  \ (-1 if a key is waiting, else 0)"#),
    (r#"f+"#, r#"1.5e 2e f+ f.  \ 3.5"#),
    (r#"f-"#, r#"1e 0.25e f- f.  \ 0.75"#),
    (r#"f*"#, r#"1.5e 4e f* f.  \ 6."#),
    (r#"f/"#, r#"1e 3e f/ f.  \ 0.333333333333333"#),
    (r#"f."#, r#"1e 8e f/ f.  \ 0.125"#),
    (r#"fe."#, r#"12345e fe.  \ 12.3450000000000E3"#),
    (r#"fs."#, r#"12345e fs.  \ 1.23450000000000E4"#),
    (r#"fsqrt"#, r#"2e fsqrt f.  \ 1.4142135623731"#),
    (r#"fdup"#, r#"3e fdup f* f.  \ 9."#),
    (r#"fswap"#, r#"1e 2e fswap f. f.  \ 1. 2."#),
    (r#"f<"#, r#"1e 2e f< .  \ -1"#),
    (
        r#"f~"#,
        r#"0.1e 0.2e f+ 0.3e -1e-15 f~ .  \ -1 (within a relative 1e-15)"#,
    ),
    (
        r#"fatan2"#,
        r#"-1e -1e fatan2 f.  \ -2.35619449019234 (-3pi/4)"#,
    ),
    (r#">float"#, r#"s" 1.5e3" >float . f.  \ -1 1500."#),
    (r#"s>f"#, r#"7 s>f 2e f/ f.  \ 3.5"#),
    (r#"f>s"#, r#"-3.7e f>s .  \ -3"#),
    (r#"fround"#, r#"2.5e fround f. 3.5e fround f.  \ 2. 4."#),
    (r#"fvariable"#, r#"fvariable x  2.5e x f!  x f@ f.  \ 2.5"#),
    (
        r#"fconstant"#,
        r#"2.5e fconstant side  side side f* f.  \ 6.25"#,
    ),
    (r#"fvalue"#, r#"1e fvalue r  3e to r  r f.  \ 3."#),
    (
        r#"set-precision"#,
        r#"3 set-precision pi f.  15 set-precision  \ 3.14"#,
    ),
    (
        r#"represent"#,
        r#"1234.5e pad 4 represent . . . pad 4 type  \ -1 0 4 1234 (valid, positive, 0.1234e4)"#,
    ),
    (r#"fdepth"#, r#"1e 2e fdepth . fdrop fdrop  \ 2"#),
    (
        r#"f.s"#,
        r#"1e 2e f.s fdrop fdrop  \ <2> 1.00000000000000E0 2.00000000000000E0"#,
    ),
];

/// Edit distance, for "did you mean": insertions, deletions, substitutions
/// and swaps of two neighbouring letters each cost one (`swpa` is one step
/// from `swap`).
fn distance(a: &str, b: &str) -> usize {
    // Names are short: three rows on the stack, no allocation per pair (an
    // undefined word compares itself with every name of similar length).
    const MAX: usize = 64;
    let mut bc = ['\0'; MAX];
    let mut n = 0;
    for c in b.chars() {
        if n == MAX {
            return distance_long(a, b);
        }
        bc[n] = c;
        n += 1;
    }
    let mut rows = [[0usize; MAX + 1]; 3];
    for (j, p) in rows[1].iter_mut().enumerate().take(n + 1) {
        *p = j;
    }
    distance_rows(a, &bc[..n], &mut rows)
}

/// The same for names longer than `distance` keeps on the stack.
fn distance_long(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut rows = vec![vec![0usize; b.len() + 1]; 3];
    for (j, p) in rows[1].iter_mut().enumerate() {
        *p = j;
    }
    distance_rows(a, &b, &mut rows)
}

/// The dynamic programme over three rows: two rows back, the previous one,
/// and the one being filled; `rows[1]` starts as 0, 1, 2 … (the empty
/// prefix of `a`).
fn distance_rows<R: AsMut<[usize]>>(a: &str, b: &[char], rows: &mut [R]) -> usize {
    let n = b.len();
    let mut before = '\0';
    for (i, ca) in a.chars().enumerate() {
        let [back, prev, cur] = rows else { return 0 };
        let (back, prev, cur) = (back.as_mut(), prev.as_mut(), cur.as_mut());
        cur[0] = i + 1;
        for j in 0..n {
            let cost = usize::from(ca != b[j]);
            let mut d = (prev[j] + cost).min(prev[j + 1] + 1).min(cur[j] + 1);
            if i > 0 && j > 0 && ca == b[j - 1] && before == b[j] {
                d = d.min(back[j - 1] + 1);
            }
            cur[j + 1] = d;
        }
        before = ca;
        // The new row becomes the previous one, the previous two rows back.
        rows.rotate_left(1);
    }
    match rows.get_mut(1) {
        Some(r) => r.as_mut()[n],
        None => 0,
    }
}

fn spec_for(instr: crate::instr::Instr) -> Option<&'static Spec> {
    crate::words::spec_for(instr)
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
                effect_inferred: false,
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
                effect_inferred: false,
            };
        }
        let inferred = self.inferred_text(xt);
        WordInfo {
            name,
            effect_inferred: inferred.is_some(),
            effect: w.effect.as_deref().map(str::to_string).or(inferred),
            doc: None,
            set: None,
            origin: Origin::User,
            example: None,
        }
    }

    /// The stack effect of a word, if it is known.
    pub(crate) fn stack_effect(&mut self, name: &str) -> Option<String> {
        self.word_info(name)?.effect
    }

    /// Names close to an unknown one, best first.
    pub(crate) fn suggestions(&self, name: &str) -> Vec<String> {
        let lower = name.to_ascii_lowercase();
        let limit = if lower.len() <= 3 { 1 } else { 2 };
        // Straight from the word lists' keys (already lower case), without
        // collecting every name: errors are common, and must stay cheap.
        // Lengths further apart than the limit cannot be that close (and a
        // megabyte-long token must not cost seconds).
        // Closest first; among equals, the one that keeps more of what was
        // typed at the start (`dupp`: `dup` before `dump`), then by name.
        let mut scored: Vec<(usize, std::cmp::Reverse<usize>, String)> = Vec::new();
        for &wid in self.dict.order.iter().rev() {
            let Some(wl) = self.dict.wordlists.get(wid as usize) else {
                continue;
            };
            for (key, &xt) in &wl.map {
                if key.len().abs_diff(lower.len()) > limit {
                    continue;
                }
                let d = distance(&lower, key);
                if d <= limit {
                    let kept = key
                        .bytes()
                        .zip(lower.bytes())
                        .take_while(|(x, y)| x == y)
                        .count();
                    let name = self.dict.words[xt as usize].name.to_string();
                    scored.push((d, std::cmp::Reverse(kept), name));
                }
            }
        }
        scored.sort();
        scored.dedup_by(|a, b| a.2.eq_ignore_ascii_case(&b.2));
        scored.into_iter().take(3).map(|(_, _, n)| n).collect()
    }

    /// Every name found through the search order (shadowed ones once).
    pub(crate) fn visible_names(&self) -> Vec<String> {
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
    pub(crate) fn help_text(&mut self, name: Option<&str>) -> String {
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
        if info.effect_inferred {
            s.push_str("  Its stack effect is inferred from its code: it has no stack comment.\n");
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
pub(crate) fn quote_list(names: &[String]) -> String {
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
Games to play: include examples/othello.fs (or jungle.fs, chess.fs,
fivestep.fs), then type play; include examples/rps.fs then rps; include
examples/rps-team.fs then team.  bye or Ctrl-D leaves; Ctrl-C stops a word.
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
        let blank = rest.len() - rest.trim_start_matches(is_blank).len();
        if blank > 0 {
            out.push((Class::Space, rest[..blank].to_string()));
            rest = &rest[blank..];
            continue;
        }
        let end = token_end(rest);
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
                None if crate::interp::parse_number(tok.as_bytes(), base).is_some()
                    || (base == 10
                        && crate::words::float::parse_float(tok.as_bytes()).is_some()) =>
                {
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
pub(crate) fn colour(class: Class) -> &'static str {
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

/// The name of the definition `input` opened with `:`, if `line` (a later
/// line of it) uses that name: the learner probably forgot the `;`.
pub fn open_definition_used<'a>(input: &'a str, line: &str) -> Option<&'a str> {
    let mut tokens = input.split(is_blank).filter(|t| !t.is_empty());
    tokens.find(|&t| t == ":")?;
    let name = tokens.next()?;
    line.split(is_blank)
        .any(|t| t.eq_ignore_ascii_case(name))
        .then_some(name)
}

/// The token that ends at the cursor `pos` (a byte offset), if the cursor
/// is at the end of one: the word the learner is typing.
pub fn word_being_typed(line: &str, pos: usize) -> Option<&str> {
    let pos = (0..=pos.min(line.len()))
        .rev()
        .find(|&p| line.is_char_boundary(p))?;
    let (before, after) = line.split_at(pos);
    if after.chars().next().is_some_and(|c| !is_blank(c)) {
        return None;
    }
    let start = before
        .char_indices()
        .rev()
        .find(|&(_, c)| is_blank(c))
        .map_or(0, |(i, c)| i + c.len_utf8());
    (start < pos).then(|| &line[start..pos])
}

/// Is this input unfinished: an open `:` definition, `(` comment or
/// string? Then the REPL asks for another line before running it.
pub fn unfinished(input: &str) -> bool {
    let open = open_at_end(input);
    open.definition || open.comment || open.string.is_some()
}

/// The prompt for the next line of unfinished input: `... ` in an open
/// definition, with the open string's opener (`." ... `) or comment
/// (`( ... `) shown, so a missing `"` or `)` does not swallow lines unseen.
pub fn continuation_prompt(input: &str) -> String {
    let open = open_at_end(input);
    match (open.string, open.comment) {
        (Some(q), _) => format!("{q} ... "),
        (None, true) => "( ... ".to_string(),
        _ => "... ".to_string(),
    }
}

/// What is still open at the end of some input.
struct Open {
    definition: bool,
    comment: bool,
    /// The word that opened a string not yet closed (`."`, `s"` …).
    string: Option<String>,
}

fn open_at_end(input: &str) -> Open {
    let mut in_definition = false;
    let mut in_comment = false;
    let mut string: Option<String> = None;
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
            if string.is_some() {
                match rest.find('"') {
                    Some(i) => {
                        string = None;
                        rest = &rest[i + 1..];
                    }
                    None => break,
                }
            }
            let t = rest.trim_start_matches(is_blank);
            if t.is_empty() {
                break;
            }
            let end = token_end(t);
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
                        string = Some(tok);
                        break;
                    }
                },
                _ => {}
            }
        }
    }
    Open {
        definition: in_definition,
        comment: in_comment,
        string,
    }
}

/// Completion: the known words starting with the word before the cursor.
/// Returns where that word starts and (display, replacement) pairs; the
/// display shows each word's stack effect. Shorter names come first.
pub fn complete(
    line: &str,
    pos: usize,
    words: &[(String, Option<String>)],
) -> (usize, Vec<(String, String)>) {
    let pos = clamp_pos(line, pos);
    let start = word_start(line, pos);
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
    if clamp_pos(line, pos) < line.len() {
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
    let pos = clamp_pos(line, pos);
    let start = word_start(line, pos);
    let end = pos + token_end(&line[pos..]);
    &line[start..end]
}

/// Does the interpreter take this character as a blank between words?
/// As the lexer (`src/lexer.rs`) has it: ASCII blanks and control
/// characters, DEL, and the no-break space U+00A0. Other Unicode spaces
/// (U+3000, U+2003, ...) are part of a word there, so they are here too:
/// completion and colours agree with what running the line does.
pub(crate) fn is_blank(c: char) -> bool {
    c <= ' ' || c == '\x7f' || c == '\u{a0}'
}

/// A byte position from the editor made safe: at most the line's length,
/// moved back to the start of the character it falls inside.
fn clamp_pos(line: &str, pos: usize) -> usize {
    let mut pos = pos.min(line.len());
    while !line.is_char_boundary(pos) {
        pos -= 1;
    }
    pos
}

/// Where the word ending at `pos` starts (`pos` on a char boundary).
fn word_start(line: &str, pos: usize) -> usize {
    line[..pos].trim_end_matches(|c| !is_blank(c)).len()
}

/// The length of the token at the start of `s` (up to the first blank).
fn token_end(s: &str) -> usize {
    s.find(is_blank).unwrap_or(s.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_continuation_prompt_shows_what_is_open() {
        assert_eq!(continuation_prompt(": hi"), "... ");
        assert_eq!(continuation_prompt(": hi .\" hello"), ".\" ... ");
        assert_eq!(continuation_prompt(": hi s\" a\nb"), "s\" ... ");
        assert_eq!(continuation_prompt(": hi ( n --"), "( ... ");
        assert_eq!(continuation_prompt(": hi .\" x\" "), "... ");
    }

    #[test]
    fn a_forgotten_semicolon_is_noticed() {
        let input = ": add3 ( n -- n+3 ) 3 +\n4 add3 .\n";
        assert_eq!(open_definition_used(input, "4 add3 ."), Some("add3"));
        assert_eq!(open_definition_used(input, "4 ADD3 ."), Some("add3"));
        assert_eq!(open_definition_used(input, "dup +"), None);
        assert_eq!(open_definition_used("( just a comment\n", "x"), None);
        assert_eq!(open_definition_used(":", ":"), None);
    }

    #[test]
    fn the_word_being_typed_is_the_token_the_cursor_ends() {
        assert_eq!(word_being_typed("1 2 sw", 6), Some("sw"));
        assert_eq!(word_being_typed("1 2 sw 3", 6), Some("sw"));
        assert_eq!(word_being_typed("1 2 sw", 5), None);
        assert_eq!(word_being_typed("1 2 ", 4), None);
        assert_eq!(word_being_typed("", 0), None);
        assert_eq!(word_being_typed("dup", 99), Some("dup"));
        // A cursor inside a character goes back to its start; no panic.
        assert_eq!(word_being_typed("\u{3000}é", 4), None);
        assert_eq!(word_being_typed("é", 1), None);
        assert_eq!(word_being_typed("é", 2), Some("é"));
    }

    #[test]
    fn edit_distance_counts_a_swap_of_neighbours_as_one_step() {
        for (a, b, d) in [
            ("swpa", "swap", 1),
            ("dupp", "dup", 1),
            ("dupp", "dump", 1),
            ("sqaure", "square", 1),
            ("ovre", "over", 1),
            ("abc", "abc", 0),
            ("", "abc", 3),
            ("abc", "", 3),
            ("ca", "abc", 3),
            ("kitten", "sitting", 3),
        ] {
            assert_eq!(distance(a, b), d, "{a} {b}");
            assert_eq!(distance(b, a), d, "{b} {a}");
            // The long form (for names past 64 characters) agrees.
            assert_eq!(distance_long(a, b), d, "{a} {b} (long)");
        }
        let long = "x".repeat(70);
        assert_eq!(distance(&long, &format!("{long}y")), 1);
    }

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

    #[test]
    fn every_example_here_is_shown() {
        let (mut f, _) = Forth::for_test(b"");
        for (i, (name, example)) in EXAMPLES.iter().enumerate() {
            assert!(
                !EXAMPLES[..i]
                    .iter()
                    .any(|(n, _)| n.eq_ignore_ascii_case(name)),
                "two examples for {name}"
            );
            let info = f
                .word_info(name)
                .unwrap_or_else(|| panic!("no word {name}"));
            assert_eq!(
                info.example.as_deref(),
                Some(*example),
                "the description of {name} has its own example"
            );
        }
    }

    // ---- lines with multi-byte characters (issue 8: the helpers panicked
    // with "byte index .. is not a char boundary") ----

    const NBSP: &str = "\u{a0}";
    const IDEO: &str = "\u{3000}";

    /// Lines with no-break spaces, ideographic spaces, emoji and combining
    /// marks in every place a helper looks.
    fn awkward_lines() -> Vec<String> {
        let mut lines: Vec<String> = [
            "1\u{a0}",
            "\u{a0}",
            "\u{3000}",
            "dup\u{3000}",
            "\u{3000}dup",
            "1\u{a0}dup\u{a0}",
            "1 2\u{a0}swap",
            "\u{a0}\u{a0}dup\u{a0}\u{3000}swap",
            "😀",
            "😀 dup 😀",
            "dup😀",
            "e\u{301} dup",
            "dup\u{301}",
            "\u{301}",
            "👩\u{200d}💻 square",
            ": x\u{a0}.\"\u{a0}é\u{3000}\" ;",
            "s\"\u{a0}😀",
            "( 😀 )\u{a0}\\ ü",
            "(\u{a0}😀",
            ".(\u{3000}é) é",
            "\\\u{a0}ü",
            "1\t\u{a0}\u{2003}\u{85}\u{7f}\u{1}2",
        ]
        .map(String::from)
        .to_vec();
        lines.push(format!("{NBSP}{IDEO}😀e\u{301}{NBSP}s\" {IDEO}\" {NBSP}"));
        lines
    }

    fn words() -> Vec<(String, Option<String>)> {
        vec![
            ("dup".to_string(), Some("( x -- x x )".to_string())),
            ("swap".to_string(), Some("( x1 x2 -- x2 x1 )".to_string())),
            ("😀".to_string(), None),
        ]
    }

    fn effect(w: &str) -> Option<String> {
        words()
            .into_iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(w))
            .and_then(|(_, e)| e)
    }

    #[test]
    fn blanks_are_the_interpreters_blanks() {
        let chars = (0..0x3100u32)
            .chain([0x1680, 0x2028, 0x2029, 0x202f, 0x205f, 0xfeff, 0x1f600])
            .filter_map(char::from_u32);
        for c in chars {
            let mut b = [0; 4];
            let lexed_as_blank =
                crate::lexer::next_token(c.encode_utf8(&mut b).as_bytes()).is_none();
            assert_eq!(is_blank(c), lexed_as_blank, "U+{:04X}", c as u32);
        }
        assert!(is_blank('\u{a0}'));
        assert!(!is_blank('\u{3000}'));
    }

    #[test]
    fn every_cursor_position_on_awkward_lines_is_safe() {
        let words = words();
        for line in awkward_lines() {
            for pos in 0..=line.len() + 3 {
                let at = pos.min(line.len());
                let w = word_at(&line, pos);
                assert!(!w.chars().any(is_blank), "{line:?} {pos}: {w:?}");
                assert!(line.contains(w));
                let (start, found) = complete(&line, pos, &words);
                assert!(
                    line.is_char_boundary(start) && start <= at,
                    "{line:?} {pos}"
                );
                assert!(!line[start..clamp_pos(&line, pos)].chars().any(is_blank));
                for (_, name) in &found {
                    let prefix = line[start..clamp_pos(&line, pos)].to_ascii_lowercase();
                    assert!(name.to_ascii_lowercase().starts_with(&prefix));
                }
                let h = hint(&line, pos, &effect);
                if pos < line.len() {
                    assert_eq!(h, None, "{line:?} {pos}");
                }
            }
            let c = classify(&line, 10, &lookup);
            let joined: String = c.iter().map(|(_, t)| t.as_str()).collect();
            assert_eq!(joined, line);
            for (class, text) in &c {
                assert_eq!(
                    *class == Class::Space,
                    text.chars().all(is_blank),
                    "{line:?}: {text:?}"
                );
            }
            let _ = highlight(&line, 10, &lookup);
            let _ = unfinished(&line);
            let _ = unfinished(&format!("{line}\n{line}\n"));
        }
    }

    #[test]
    fn a_no_break_space_separates_words() {
        // The reported panic: `1` then a no-break space.
        let line = format!("1{NBSP}");
        for pos in 0..=line.len() + 1 {
            let _ = word_at(&line, pos);
            let _ = complete(&line, pos, &words());
            let _ = hint(&line, pos, &effect);
        }
        assert_eq!(word_at(&line, 1), "1");
        assert_eq!(word_at(&line, 2), "1"); // inside the no-break space
        assert_eq!(word_at(&line, 3), "");
        assert_eq!(complete(&line, 3, &words()).0, 3);
        let line = format!("1{NBSP}du");
        let (start, found) = complete(&line, line.len(), &words());
        assert_eq!(start, 3);
        assert_eq!(found, vec![("dup ( x -- x x )".into(), "dup".into())]);
        let line = format!("1 2{NBSP}swap");
        assert_eq!(word_at(&line, line.len()), "swap");
        assert_eq!(
            hint(&line, line.len(), &effect),
            Some("  ( x1 x2 -- x2 x1 )".to_string())
        );
        let c = classify(&format!("1{NBSP}dup"), 10, &lookup);
        assert_eq!(
            c,
            vec![
                (Class::Number, "1".to_string()),
                (Class::Space, NBSP.to_string()),
                (Class::Builtin, "dup".to_string()),
            ]
        );
        assert!(unfinished(&format!(":{NBSP}sq")));
        assert!(unfinished(&format!("({NBSP}😀")));
        assert!(unfinished(&format!("s\"{NBSP}é")));
        assert!(!unfinished(&format!("s\"{NBSP}é\" :{NBSP}sq ;")));
    }

    #[test]
    fn an_ideographic_space_is_part_of_the_word() {
        // The reported panic: `dup`, U+3000, Tab. The interpreter reads
        // `dup\u{3000}` as one (unknown) word, so nothing completes it.
        let line = format!("dup{IDEO}");
        assert_eq!(complete(&line, line.len(), &words()), (0, vec![]));
        assert_eq!(word_at(&line, line.len()), line);
        assert_eq!(hint(&line, line.len(), &effect), None);
        assert_eq!(
            classify(&line, 10, &lookup),
            vec![(Class::Unknown, line.clone())]
        );
        for pos in 0..=line.len() + 1 {
            let _ = complete(&line, pos, &words());
        }
        let line = format!("1 {IDEO}swap");
        assert_eq!(word_at(&line, line.len()), format!("{IDEO}swap"));
        assert!(!unfinished(&format!(":{IDEO}sq")));
        assert!(!unfinished(&format!("({IDEO}x")));
    }

    #[test]
    fn emoji_and_combining_marks_stay_whole() {
        let line = "😀 dup 😀";
        for pos in 0..4 {
            assert_eq!(word_at(line, pos), "😀", "{pos}");
        }
        assert_eq!(word_at(line, line.len()), "😀");
        assert_eq!(word_at(line, line.len() - 1), "😀");
        let (start, found) = complete(line, line.len() - 2, &words());
        assert_eq!(start, line.len() - 4);
        assert_eq!(found.len(), words().len()); // an empty prefix: all
        let (start, found) = complete("😀", 4, &words());
        assert_eq!((start, found.len()), (0, 1));
        let line = "e\u{301} dup";
        assert_eq!(word_at(line, 1), "e\u{301}");
        assert_eq!(word_at(line, 2), "e\u{301}"); // inside the mark
        assert_eq!(word_at(line, 3), "e\u{301}");
        assert_eq!(word_at("dup\u{301}", 4), "dup\u{301}");
        assert_eq!(complete("dup\u{301}", 5, &words()).1, vec![]);
        assert_eq!(
            classify("😀 e\u{301}", 10, &lookup),
            vec![
                (Class::Unknown, "😀".to_string()),
                (Class::Space, " ".to_string()),
                (Class::Unknown, "e\u{301}".to_string()),
            ]
        );
    }
}
