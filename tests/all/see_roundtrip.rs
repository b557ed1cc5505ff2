//! SEE shows source that compiles back to the same word. Each definition
//! below (with the words it uses) is compiled in a fresh system; what SEE
//! prints for it is compiled in another fresh system with the same
//! supporting words; then both run the same lines and must print the same
//! and leave the same stacks. SEE of the recompiled word must print the
//! same text again, and that text is the definition as written (or the
//! form given when SEE cannot know how it was written).

use playforth::Forth;

struct Case {
    /// Words the definition uses, compiled before it in both systems.
    support: &'static str,
    /// The definition; its name is its second token.
    def: &'static str,
    /// What SEE shows, when it is not `def` itself (words separated by
    /// single spaces, two after the name or stack comment, as SEE does).
    shown: Option<&'static str>,
    /// Lines run in both systems after it.
    runs: &'static [&'static str],
}

const fn case(def: &'static str, runs: &'static [&'static str]) -> Case {
    Case {
        support: "",
        def,
        shown: None,
        runs,
    }
}

const CASES: &[Case] = &[
    // ---- control structures ----
    case(
        ": sign ( n -- n )  dup 0< if drop -1 else 0> if 1 else 0 then then ;",
        &["5 sign", "-3 sign", "0 sign"],
    ),
    case(
        ": size ( n -- )  dup 10 < if dup 5 < if .\" small\" else .\" mid\" then else .\" big\" then drop ;",
        &["3 size", "7 size", "70 size"],
    ),
    case(
        ": down ( n -- )  begin dup . 1- dup 0= until drop ;",
        &["3 down", "1 down"],
    ),
    case(
        ": count-to ( n -- )  0 begin 1+ 2dup = if 2drop exit then dup . again ;",
        &["4 count-to"],
    ),
    case(
        ": sum ( n -- s )  0 swap begin dup while tuck + swap 1- repeat drop ;",
        &["4 sum", "0 sum"],
    ),
    // The standard's two-WHILE loop: the second WHILE's exit is the REPEAT's
    // THEN, the first one's the ELSE.
    case(
        ": find5 ( n -- )  begin dup while dup 5 <> while 1- repeat .\" found\" else .\" none\" then drop ;",
        &["9 find5", "3 find5", "5 find5"],
    ),
    case(
        ": to7 ( n -- n )  begin dup 0> while dup 7 <> while 1- repeat then ;",
        &["9 to7", "3 to7", "-1 to7"],
    ),
    case(
        ": to3 ( n -- n )  begin dup while 1- dup 3 = until 100 + then ;",
        &["9 to3", "2 to3"],
    ),
    case(
        ": nest ( n -- n )  begin dup 0> while begin dup 10 < while 1+ repeat 20 - repeat ;",
        &["5 nest", "0 nest"],
    ),
    case(
        ": in-if ( n -- n )  dup if begin dup while 1- repeat else begin 1+ dup 3 = until then ;",
        &["4 in-if", "0 in-if"],
    ),
    case(
        ": grid ( -- )  3 0 do 2 0 do i j * . loop loop ;",
        &["grid"],
    ),
    case(
        ": evens ( n -- )  0 ?do i . 2 +loop ;",
        &["10 evens", "0 evens"],
    ),
    case(
        ": upto ( n -- )  10 0 do i over = if leave then i 7 = ?leave i . loop drop ;",
        &["4 upto", "20 upto"],
    ),
    case(
        ": first-even ( -- n )  10 1 do i 2 mod 0= if i unloop exit then loop -1 ;",
        &["first-even"],
    ),
    case(
        ": updown ( -- )  10 0 +do i . 3 +loop 0 10 -do i . 4 -loop ;",
        &["updown"],
    ),
    case(
        ": name ( n -- )  case 1 of .\" one\" endof 2 of .\" two\" endof .\" many\" endcase ;",
        &["1 name", "2 name", "3 name"],
    ),
    case(": skip ( -- n )  ahead 1 then 2 ;", &["skip"]),
    case(
        ": fact ( n -- n! )  dup 2 < if drop 1 else dup 1- recurse * then ;",
        &["5 fact", "1 fact"],
    ),
    Case {
        support: "",
        def: ": fib ( n -- n ) recursive dup 2 < if exit then dup 1- fib swap 2 - fib + ;",
        shown: Some(": fib ( n -- n )  dup 2 < if exit then dup 1- recurse swap 2 - recurse + ;"),
        runs: &["10 fib"],
    },
    case(
        ": pos? ( n -- f )  0> if true exit then false ;",
        &["5 pos?", "-5 pos?"],
    ),
    case(
        ": dec ( n -- n-1 | 0 -- )  ?dup-if 1- then ;",
        &["5 dec", "0 dec"],
    ),
    // ---- literals ----
    case(
        ": nums ( -- )  0 -1 42 -123456789 9223372036854775807 -9223372036854775808 $ff 'x' ;",
        &["nums"],
    ),
    case(
        ": dbl ( -- )  123. -5. 170141183460469231731687303715884105727. ;",
        &["dbl d. d. d."],
    ),
    case(
        ": fl ( -- )  1e 2.5e-3 -0e 1e100 ;",
        &["fl", "fl fs. fs. fs. fs."],
    ),
    case(": chars ( -- )  [char] a [char] \" emit emit ;", &["chars"]),
    case(
        ": strs ( -- )  s\" hello\" type .\" world\" s\\\" a\\tb\\n\\\"q\\\"\\\\\" type c\" counted\" count type ;",
        &["strs"],
    ),
    case(
        ": chk ( n -- )  0< abort\" negative\" ;",
        &["5 chk", "-1 chk"],
    ),
    case(": twice ( n -- n )  ['] dup execute + ;", &["4 twice"]),
    Case {
        support: "",
        def: ": five ( -- n ) [ 5 ] literal [ 1 2 ] 2literal ;",
        shown: Some(": five ( -- n )  5 1 2 ;"),
        runs: &["five"],
    },
    // ---- POSTPONE, immediate and not ----
    case(
        ": ?neg ( n -- )  postpone dup postpone 0< postpone if postpone negate postpone then ; immediate",
        &[": ab ?neg ;", "-5 ab 5 ab"],
    ),
    // ---- locals ----
    case(
        ": lsum ( a b -- s )  {: a b | c :} a b + to c c 2 +to c c ;",
        &["3 4 lsum"],
    ),
    case(
        ": typed ( -- )  {: d: x c: ch f: r :} x d. ch emit r f. 5. to x x d. 2.5e to r r f. ;",
        &["1. 65 1.5e typed"],
    ),
    // ---- named data ----
    Case {
        support: "0 value v  1 2 2value w  1e fvalue fv",
        def: ": vals ( -- )  5 to v 3 +to v v . 7 8 to w w . . 2.5e to fv fv f. ;",
        shown: None,
        runs: &["vals", "v . w . . fv f."],
    },
    Case {
        support: "variable hits  10 constant ten  1 2 2constant pair  create table 1 , 2 , 3 ,",
        def: ": use ( -- )  1 hits +! hits @ . ten . pair . . table 2 cells + @ . ;",
        shown: None,
        runs: &["use use"],
    },
    Case {
        support: "defer act",
        def: ": setup ( -- )  ['] dup is act action-of act ['] dup = . 5 act . . ;",
        shown: None,
        runs: &["setup"],
    },
    case(
        ": counter ( n \"name\" -- )  create , does> dup @ 1+ dup rot ! ;",
        &["5 counter c", "c . c ."],
    ),
];

/// Run `line`: what it printed (or its error), then the stacks as `.s`
/// shows them.
fn run(f: &mut Forth, out: &playforth::SharedBuf, line: &str) -> String {
    let result = match f.interpret_line(line) {
        Ok(_) => String::new(),
        Err(e) => format!("error {}: {}", e.code, e.message),
    };
    let printed = out.take();
    f.interpret_line(".s").expect(".s");
    format!("{printed}|{result}|{}", out.take())
}

/// A fresh system with `text` compiled; panics on an error.
fn system(text: &[&str]) -> (Forth, playforth::SharedBuf) {
    let (mut f, out) = Forth::for_test(b"");
    for line in text {
        if let Err(e) = f.interpret_line(line) {
            panic!("`{line}` failed: {e}");
        }
    }
    out.take();
    (f, out)
}

/// SEE's layout of a long definition (a line for its name, the body on
/// indented lines wrapped between words, `;` on a line of its own) put
/// back on one line, as a short one is shown.
fn one_line(shown: &str) -> String {
    let lines: Vec<&str> = shown.lines().collect();
    match lines.as_slice() {
        [head, body @ .., tail] if tail.starts_with(';') && !body.is_empty() => {
            let body: Vec<&str> = body.iter().map(|l| l.trim()).collect();
            format!("{head}  {} {tail}", body.join(" "))
        }
        _ => shown.to_string(),
    }
}

fn see(f: &mut Forth, out: &playforth::SharedBuf, name: &str) -> String {
    f.interpret_line(&format!("see {name}")).expect("see");
    out.take().trim_end().to_string()
}

#[test]
fn see_output_compiles_back_to_the_same_word() {
    for c in CASES {
        let name = c.def.split_whitespace().nth(1).expect("a name");
        let (mut a, out_a) = system(&[c.support, c.def]);
        let shown = see(&mut a, &out_a, name);
        let want = c.shown.unwrap_or(c.def);
        assert_eq!(one_line(&shown), want, "SEE of {name}");
        let (mut b, out_b) = system(&[c.support, &shown]);
        assert_eq!(see(&mut b, &out_b, name), shown, "SEE of {name} recompiled");
        for line in c.runs {
            assert_eq!(
                run(&mut a, &out_a, line),
                run(&mut b, &out_b, line),
                "`{line}` with {name} as written and as SEE shows it"
            );
        }
    }
}

/// The comparison above can tell words apart: a definition and a
/// different one do not pass for each other.
#[test]
fn different_words_behave_differently() {
    let (mut a, out_a) = system(&[": w ( n -- )  begin dup while 1- repeat drop ;"]);
    let (mut b, out_b) = system(&[": w ( n -- )  begin dup while 1- repeat ;"]);
    assert_ne!(run(&mut a, &out_a, "3 w"), run(&mut b, &out_b, "3 w"));
}
