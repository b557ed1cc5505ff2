//! The built-in game words against their Forth: what `see` shows for each
//! (cut from examples/lib/gforth.fs) is loaded into a word list of its own
//! and run side by side with the Rust word on thousands of random legal
//! arguments, seeded so every run checks the same cases; the whole of
//! examples/lib/gforth.fs gets the same cases; and gforth itself runs a few
//! of them through examples/lib/gforth.fs.

use playforth::{Forth, SharedBuf, WordSet, all_specs};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::{BTreeMap, BTreeSet};
use std::process::Command;

/// Words the cases use, in portable Forth (gforth runs them too).
const HARNESS: &str = r#"
create b 64 allot   create b0 64 allot   create buf 6 cells allot
: board! ( c-addr u addr -- )   \ "0120..." as bytes
  swap 0 ?do over i + c@ [char] 0 - over i + c! loop 2drop ;
: bytes@ ( addr n -- c1 .. cn ) 0 ?do dup i + c@ swap loop drop ;
: cells@ ( addr n -- x1 .. xn ) 0 ?do dup i cells + @ swap loop drop ;
: path@ ( n -- n x0 .. xn )     \ the n+1 squares PATH wrote at buf
  dup ?dup if 1+ buf swap cells@ then ;
"#;

/// An Othello game from the start, `plies` random moves long (a side
/// with no move passes), played with the built-in words.
const RANDOM_GAME: &str = r#"
: othello-start ( -- ) b0 64 erase 1 b0 27 + c! 1 b0 36 + c! 2 b0 28 + c! 2 b0 35 + c! ;
: nth-bit ( mask n -- sq ) 0 ?do dup 1- and loop lowest-bit ;
: ply ( color -- )
  b0 over legal-moves ?dup if dup bit-count choose nth-bit b0 swap rot flip drop else drop then ;
: random-game ( plies -- ) othello-start 0 ?do i 2 mod 1+ ply loop ;
"#;

/// One call of a word: text run before it, its arguments, and text run
/// after it that leaves on the stack what else it changed.
struct Case {
    setup: String,
    args: String,
    observe: &'static str,
}

impl Case {
    fn new(args: String) -> Case {
        Case {
            setup: String::new(),
            args,
            observe: "",
        }
    }

    /// The text that runs the case with the word `w`.
    fn text(&self, w: &str) -> String {
        format!("{} {} {w} {}", self.setup, self.args, self.observe)
    }
}

struct System {
    forth: Forth,
    out: SharedBuf,
}

impl System {
    fn new() -> System {
        let (forth, out) = Forth::for_test(b"");
        let mut s = System { forth, out };
        s.run(HARNESS);
        s
    }

    /// Run text that must not fail; what it printed.
    fn run(&mut self, text: &str) -> String {
        if let Err(e) = self.forth.run_code("test", text) {
            panic!("{text}\n{e}\n{}", self.out.take());
        }
        self.out.take()
    }

    /// Run one line; the stack it leaves (then emptied).
    fn stack_after(&mut self, line: &str) -> Vec<i64> {
        if let Err(e) = self.forth.interpret_line(line) {
            panic!("{line}\n{e}\n{}", self.out.take());
        }
        let s = self.forth.stack().to_vec();
        while self.forth.depth() > 0 {
            self.forth.pop().expect("a cell");
        }
        s
    }

    /// What SEE prints for a word.
    fn see(&mut self, w: &str) -> String {
        self.run(&format!("see {w}"))
    }

    /// Load Forth into a new word list, and name what `w` means there
    /// `forth:w`, and the built-in `w` `rust:w` (both execution tokens).
    fn load_as_forth(&mut self, w: &str, forth: &str) {
        self.run("wordlist dup >order set-current");
        self.run(forth);
        self.run(&format!(
            "forth-wordlist set-current ' {w} previous constant forth:{w}  ' {w} constant rust:{w}"
        ));
    }
}

/// The cases for every game word that has Forth; seeded.
fn cases(sys: &mut System) -> BTreeMap<&'static str, Vec<Case>> {
    let mut rng = ChaCha8Rng::seed_from_u64(12);
    let mut all: BTreeMap<&'static str, Vec<Case>> = BTreeMap::new();

    // Othello: boards of random games and random fillings, every square,
    // both colors; `flip` also shows the board it leaves.
    sys.run(RANDOM_GAME);
    let mut boards = Vec::new();
    for k in 0..300 {
        let board: String = if k % 2 == 0 {
            let plies = rng.random_range(0..64);
            let seed: u32 = rng.random();
            let cells = sys.stack_after(&format!(
                "{seed} randomize {plies} random-game b0 64 bytes@"
            ));
            cells.iter().map(|c| char::from(b'0' + *c as u8)).collect()
        } else {
            let empty = rng.random_range(0.05..0.95);
            (0..64)
                .map(|_| match rng.random_bool(empty) {
                    true => '0',
                    false => ['1', '2'][rng.random_range(0..2)],
                })
                .collect()
        };
        boards.push(board);
    }
    for board in &boards {
        let setup = format!("s\" {board}\" b board!");
        for _ in 0..10 {
            let (sq, color) = (rng.random_range(0..64), rng.random_range(1..=2));
            for (w, observe) in [("flip", "b 64 bytes@"), ("flips", "b 64 bytes@")] {
                all.entry(w).or_default().push(Case {
                    setup: setup.clone(),
                    args: format!("b {sq} {color}"),
                    observe,
                });
            }
        }
        for color in 1..=2 {
            all.entry("legal-moves").or_default().push(Case {
                setup: setup.clone(),
                args: format!("b {color}"),
                observe: "",
            });
        }
    }

    // Bit masks: sparse, dense, and the edges.
    let mut masks: Vec<i64> = vec![0, 1, -1, i64::MIN, i64::MAX, 1 << 63 | 1];
    for _ in 0..2000 {
        let a: i64 = rng.random();
        let b: i64 = rng.random();
        masks.push(match rng.random_range(0..3) {
            0 => a & b & rng.random::<i64>(),
            1 => a | b,
            _ => a,
        });
    }
    for m in &masks {
        for w in ["lowest-bit", "bit-count"] {
            all.entry(w).or_default().push(Case::new(m.to_string()));
        }
    }

    // Jungle and rock-paper-scissors: every argument there is.
    for a in 0..8 {
        all.entry("eats")
            .or_default()
            .push(Case::new(a.to_string()));
        for d in 0..8 {
            all.entry("capture?")
                .or_default()
                .push(Case::new(format!("{a} {d}")));
        }
    }
    for a in 1..=3 {
        for d in 1..=3 {
            all.entry("compete")
                .or_default()
                .push(Case::new(format!("{a} {d}")));
        }
    }
    for w in ["stone", "cloth", "scissor"] {
        all.entry(w).or_default().push(Case::new(String::new()));
    }
    // `choose` draws from the built-in generator in both: the same seed
    // must give the same choice for any limit above 0.
    for _ in 0..2000 {
        let u: u64 = match rng.random_range(0..3) {
            0 => rng.random_range(1..10),
            1 => rng.random_range(1..1_000_000),
            _ => rng.random_range(1..=u64::MAX),
        };
        let seed: u32 = rng.random();
        all.entry("choose").or_default().push(Case {
            setup: format!("{seed} randomize"),
            args: (u as i64).to_string(),
            observe: "",
        });
    }

    // 0x88: every square and every pair of squares.
    let on_board: Vec<i64> = (0..128).filter(|s| s & 0x88 == 0).collect();
    for sq in 0..64 {
        all.entry(">0x88")
            .or_default()
            .push(Case::new(sq.to_string()));
    }
    for from in &on_board {
        all.entry("0x88>")
            .or_default()
            .push(Case::new(from.to_string()));
        for to in &on_board {
            for w in ["attack-kinds", "attack-step"] {
                all.entry(w)
                    .or_default()
                    .push(Case::new(format!("{from} {to}")));
            }
        }
    }
    for _ in 0..3000 {
        let sq: i64 = match rng.random_range(0..3) {
            0 => rng.random(),
            _ => rng.random_range(-300..400),
        };
        all.entry("on-board?")
            .or_default()
            .push(Case::new(sq.to_string()));
    }

    // Five-step: random boards, mostly from a square with a piece.
    for _ in 0..2000 {
        let empty = rng.random_range(0.3..0.95);
        let board: String = (0..25)
            .map(|_| match rng.random_bool(empty) {
                true => '0',
                false => ['1', '2'][rng.random_range(0..2)],
            })
            .collect();
        let pieces: Vec<usize> = board.match_indices(['1', '2']).map(|(i, _)| i).collect();
        let from = match pieces.is_empty() || rng.random_bool(0.1) {
            true => rng.random_range(0..25),
            false => pieces[rng.random_range(0..pieces.len())],
        };
        let to = rng.random_range(0..25);
        let setup = format!("s\" {board}\" b board!  buf 6 cells 255 fill");
        all.entry("reach").or_default().push(Case {
            setup: setup.clone(),
            args: format!("b {from}"),
            observe: "",
        });
        all.entry("path-count").or_default().push(Case {
            setup: setup.clone(),
            args: format!("b {from} {to}"),
            observe: "",
        });
        all.entry("path").or_default().push(Case {
            setup,
            args: format!("b {from} {to} buf"),
            observe: "path@",
        });
    }
    all
}

/// The built-in game words whose SEE shows Forth, with that Forth.
fn words_with_forth(sys: &mut System) -> BTreeMap<&'static str, String> {
    let mut words = BTreeMap::new();
    for spec in all_specs().filter(|s| s.set == WordSet::Games) {
        let text = sys.see(spec.name);
        if text.starts_with('\\') {
            words.insert(spec.name, text);
        }
    }
    words
}

/// Run every case with `rust:w` and `forth:w`; both must leave the same
/// stack. Returns how many different stacks the cases gave, so a test can
/// tell the cases apart from a run of trivial ones.
fn compare(sys: &mut System, w: &str, cases: &[Case]) -> usize {
    let mut results = BTreeSet::new();
    for case in cases {
        let rust = sys.stack_after(&case.text(&format!("rust:{w} execute")));
        let forth = sys.stack_after(&case.text(&format!("forth:{w} execute")));
        assert_eq!(rust, forth, "{w}: Rust, then Forth, for\n{}", case.text(w));
        results.insert(rust);
    }
    results.len()
}

/// How many different results the cases of a word must give at least.
fn expected_variety(w: &str) -> usize {
    match w {
        "stone" | "cloth" | "scissor" => 1,
        "compete" => 6,
        "eats" => 8,
        "capture?" | "on-board?" => 2,
        "attack-step" => 9,  // 8 directions and 0
        "attack-kinds" => 7, // none, knight, diagonal, straight, king+straight, king+diagonal+either pawn
        ">0x88" | "0x88>" => 64,
        "lowest-bit" | "bit-count" => 20,
        "path-count" => 10,
        _ => 100,
    }
}

#[test]
fn what_see_shows_computes_what_the_rust_word_computes() {
    let mut sys = System::new();
    let words = words_with_forth(&mut sys);
    let mut cases = cases(&mut sys);
    assert_eq!(
        words.keys().collect::<Vec<_>>(),
        cases.keys().collect::<Vec<_>>(),
        "every game word SEE shows in Forth has cases here, and no other"
    );
    for (w, forth) in &words {
        sys.load_as_forth(w, forth);
        let n = compare(&mut sys, w, &cases.remove(w).unwrap_or_default());
        assert!(n >= expected_variety(w), "{w}: only {n} different results");
    }
}

/// The file as gforth loads it, in one word list: there `legal-moves`
/// calls the Forth `flips` and `capture?` the Forth `eats`.
#[test]
fn the_whole_portable_file_computes_what_the_rust_words_compute() {
    let mut sys = System::new();
    let words = words_with_forth(&mut sys);
    let mut cases = cases(&mut sys);
    let file = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/lib/gforth.fs");
    sys.run(&format!("wordlist dup >order set-current include {file}"));
    sys.run("forth-wordlist set-current");
    for w in words.keys() {
        sys.run(&format!("' {w} constant forth:{w}"));
    }
    sys.run("previous");
    for (w, _) in words {
        // The file's `choose` draws from its own generator (xorshift64).
        if w == "choose" {
            continue;
        }
        sys.run(&format!("' {w} constant rust:{w}"));
        let mut some = cases.remove(w).unwrap_or_default();
        some.truncate(1000);
        compare(&mut sys, w, &some);
    }
}

/// Is gforth here to compare with? Says so loudly when it is not; CI
/// installs it and makes its absence a failure.
fn gforth_available(what: &str) -> bool {
    if Command::new("gforth").arg("--version").output().is_ok() {
        return true;
    }
    let msg = format!("\n!!! SKIPPED: gforth is not installed: {what} was NOT checked.\n");
    if std::env::var_os("PLAYFORTH_REQUIRE_CORETEST").is_some() {
        panic!("{msg}");
    }
    eprintln!("{msg}");
    false
}

/// gforth running examples/lib/gforth.fs prints what the built-in words
/// print, on the first cases of each word.
#[test]
fn gforth_agrees_with_the_rust_words() {
    if !gforth_available("the game words against gforth") {
        return;
    }
    let mut sys = System::new();
    let words = words_with_forth(&mut sys);
    let cases = cases(&mut sys);
    let mut lines = vec![": .all ( i*x -- ) depth 0 ?do . loop cr ;".to_string()];
    for (w, cases) in &cases {
        // gforth's `choose` draws from its own generator (xorshift64).
        if *w == "choose" || !words.contains_key(w) {
            continue;
        }
        for case in cases.iter().step_by((cases.len() / 20).max(1)) {
            lines.push(format!("{} .all", case.text(w)));
        }
    }
    let script = format!("{HARNESS}{}\n", lines.join("\n"));
    let path = std::env::temp_dir().join(format!("playforth-reference-{}.fs", std::process::id()));
    std::fs::write(&path, &script).expect("write the script");
    let out = Command::new("timeout")
        .args(["-s", "KILL", "60", "gforth", "examples/lib/gforth.fs"])
        .arg(&path)
        .args(["-e", "bye"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("gforth runs");
    let _ = std::fs::remove_file(&path);
    let gforth = String::from_utf8_lossy(&out.stdout).into_owned();
    let ours = System::new().run(&lines.join("\n"));
    assert!(ours.lines().count() > 300, "{ours}");
    for (n, (g, o)) in gforth.lines().zip(ours.lines()).enumerate() {
        assert_eq!(g, o, "gforth, then playforth, for\n{}", lines[n + 1]);
    }
    assert_eq!(
        gforth.lines().count(),
        ours.lines().count(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}
