//! Every example that `help` shows runs without an error in a fresh system
//! (with a line of scripted input for the words that read keys), and prints
//! what its comment promises. The convention, which a learner reading
//! `help WORD` can follow too:
//!
//! - `CODE  \ OUTPUT` — CODE prints exactly OUTPUT: `5 dup * .  \ 25`.
//! - `CODE  \ OUTPUT (remark)` — a remark in parentheses at the end of the
//!   comment is not part of the output: `-7 2 / .  \ -4 (floored)`.
//! - `CODE  \ (remark)`, or CODE ending in a `( remark )` comment — prose
//!   only, for output that cannot be promised (random numbers, the clock,
//!   keys, file positions): it runs but its output is not checked.
//! - `CODE` with no comment prints nothing visible.
//!
//! Output is compared whitespace-normalised: every run of blanks and line
//! breaks counts as one space, and leading and trailing ones are dropped
//! (so the space after each `.` and the line break of `cr` don't matter,
//! and neither does the padding of `.r`). What the example writes to the
//! diagnostics stream (notes such as "redefined") counts as printed.
//!
//! `PLAYFORTH_SHOW_EXAMPLES=1` lists every example with its output.

use playforth::{Forth, Outcome};

/// Examples declared with their words (table rows, prelude comments) that print
/// something but have no comment yet: counted as prose until they get one.
const NO_COMMENT_YET: &[&str] = &[];

/// What an example's comment promises.
#[derive(Debug, PartialEq, Eq)]
enum Promise {
    /// This output, whitespace-normalised ("" for none).
    Prints(String),
    /// Prose only: not checked.
    Prose,
}

/// Runs of white space as one space, none at the ends.
fn normalise(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Split a trailing `(remark)` off `s` (the `(` starts a blank-separated
/// token): the text before it, trimmed, and whether there was one.
fn strip_remark(s: &str) -> (&str, bool) {
    let s = s.trim_end();
    if !s.ends_with(')') {
        return (s, false);
    }
    let mut depth = 0;
    for (i, c) in s.char_indices().rev() {
        match c {
            ')' => depth += 1,
            '(' => {
                depth -= 1;
                if depth == 0 {
                    let starts_token = s[..i].chars().next_back().is_none_or(char::is_whitespace);
                    return if starts_token {
                        (s[..i].trim_end(), true)
                    } else {
                        (s, false)
                    };
                }
            }
            _ => {}
        }
    }
    (s, false)
}

/// Read the promise from an example's comment.
fn promise(example: &str) -> Promise {
    // The comment starts at the first `\` token.
    let mut at = 0;
    let mut comment = None;
    for tok in example.split_whitespace() {
        let start = at + example[at..].find(tok).expect("token");
        at = start + tok.len();
        if tok == "\\" {
            comment = Some(&example[at..]);
            break;
        }
    }
    match comment {
        Some(c) => match strip_remark(c.trim()) {
            ("", true) => Promise::Prose,
            (out, _) => Promise::Prints(normalise(out)),
        },
        None => match strip_remark(example) {
            (_, true) => Promise::Prose,
            _ => Promise::Prints(String::new()),
        },
    }
}

#[test]
fn promises_are_read_from_comments() {
    use Promise::*;
    let p = |s: &str| Prints(s.to_string());
    assert_eq!(promise("5 dup * .  \\ 25"), p("25"));
    assert_eq!(promise("1 2 3 .s  \\ <3> 1 2 3"), p("<3> 1 2 3"));
    assert_eq!(promise("-7 2 / .  \\ -4 (floored)"), p("-4"));
    assert_eq!(promise("key .  \\ (press a key: its code)"), Prose);
    assert_eq!(promise("random 6 mod . ( a number 0..5 )"), Prose);
    assert_eq!(promise("create buf 10 allot"), p(""));
    assert_eq!(promise(": sq ( n -- n*n ) dup * ;"), p(""));
    assert_eq!(
        promise(".( shown at once)  \\ shown at once"),
        p("shown at once")
    );
    assert_eq!(promise(".( shown at once)"), p(""));
    assert_eq!(promise("s\\\" a\\tb\" type  \\ a b"), p("a b"));
}

#[test]
fn every_help_example_prints_what_it_promises() {
    let show = std::env::var_os("PLAYFORTH_SHOW_EXAMPLES").is_some();
    let mut names: Vec<String> = playforth::all_specs().map(|s| s.name.to_string()).collect();
    names.extend(
        playforth::glossary::prelude_entries()
            .into_iter()
            .map(|e| e.name),
    );
    let (mut ran, mut checked) = (0, 0);
    let mut prose = Vec::new();
    let mut failures = Vec::new();
    for name in names.iter().filter(|n| !n.starts_with('(')) {
        let (mut probe, _) = Forth::for_test(b"");
        let Some(example) = probe.word_info(name).and_then(|i| i.example) else {
            continue;
        };
        let (mut f, out) = Forth::for_test(b"a line of input\nanother\n");
        let result = f.interpret_input(&example);
        let printed = out.take();
        if show {
            eprintln!("help {name}: {example}\n    printed: {printed:?}");
        }
        match result {
            Ok(Outcome::Continue | Outcome::Bye(_)) => ran += 1,
            Err(e) => {
                failures.push(format!("help {name}: `{example}`\n{e}"));
                continue;
            }
        }
        let promised = match promise(&example) {
            Promise::Prints(p) if p.is_empty() && NO_COMMENT_YET.contains(&name.as_str()) => {
                Promise::Prose
            }
            p => p,
        };
        match promised {
            Promise::Prose => prose.push(name.clone()),
            Promise::Prints(want) => {
                checked += 1;
                let got = normalise(&printed);
                if got != want {
                    failures.push(format!(
                        "help {name}: `{example}`\n  promises: {want:?}\n  prints:   {got:?}"
                    ));
                }
            }
        }
    }
    if show {
        eprintln!(
            "{ran} ran, {checked} checked, {} prose: {prose:?}",
            prose.len()
        );
    }
    assert!(
        failures.is_empty(),
        "{} examples fail:\n{}",
        failures.len(),
        failures.join("\n\n")
    );
    assert!(ran >= 350, "only {ran} examples ran");
    // Only output nobody can promise stays prose: keep this floor close to
    // the real count, so new examples come with their output.
    assert!(
        checked >= 334,
        "only {checked} examples have their output checked; prose: {prose:?}"
    );
    assert!(prose.len() <= 23, "too many prose examples: {prose:?}");
}
