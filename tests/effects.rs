//! Every built-in word's declared stack effect is a checked fact: run on
//! harmless arguments, a word changes the stack depth by exactly what its
//! `( before -- after )` says. The tables feed `help`, hints, the glossary
//! and error reports, so they must not drift from what the bodies do.
//!
//! Words whose effect depends on their arguments (`|`, `i*x`, `...`),
//! that parse the input (`"name"`), compile or are immediate, or that work
//! on files and the terminal are left out; a word that fails on the
//! arguments chosen here is skipped too. The test counts what it checked.
//! A `( F: before -- after )` part is the floating-point stack's effect,
//! checked the same way with FDEPTH (its arguments are `1e`).

use playforth::Forth;

/// Cells a token of an effect stands for: doubles (`d`, `ud1`, `d'`,
/// `-d`, `xd`) are two.
fn cells(token: &str) -> usize {
    let t = token.trim_start_matches(['+', '-']).trim_end_matches('\'');
    let double = t.strip_prefix(['u', 'x']).unwrap_or(t);
    match double.strip_prefix('d') {
        Some(rest) if rest.chars().all(|c| c.is_ascii_digit()) => 2,
        _ => 1,
    }
}

type Side<'a> = (Vec<&'a str>, Vec<&'a str>);

/// The parts of an effect, `( before -- after )` for the data stack and
/// `( F: before -- after )` for the floating-point stack (either may be
/// left out; a missing one means no change; `( R: … )` is ignored): their tokens before and
/// after `--`. None if a part has no `--`.
fn split(effect: &str) -> Option<(Side<'_>, Side<'_>)> {
    let (mut data, mut float) = ((vec![], vec![]), (vec![], vec![]));
    for group in effect.split('(').skip(1) {
        let inner = group.split(')').next()?;
        let (before, after) = inner.split_once("--")?;
        let side: Side = (
            before.split_whitespace().collect(),
            after.split_whitespace().collect(),
        );
        // Other stacks' parts (`R:`, `C:`) are not counted here.
        match side.0.first() {
            Some(&"F:") => float = (side.0[1..].to_vec(), side.1),
            Some(t) if t.ends_with(':') => {}
            _ => data = side,
        }
    }
    Some((data, float))
}

/// A harmless value for an argument named `token`.
fn argument(token: &str) -> String {
    let free = playforth::layout::DICT_START + (1 << 20);
    if token.contains("addr") {
        free.to_string()
    } else {
        "1".to_string()
    }
}

#[test]
fn declared_effects_match_the_depth_change() {
    let skip_sets = [playforth::WordSet::File, playforth::WordSet::Facility];
    let skip_words = [
        "bye",
        "(bye)",
        "quit",
        "abort",
        "throw",
        "key",
        "accept",
        "refill",
        "ms",
        "words",
        "see",
        "dump",
        "page",
        "help",
        "included",
        "include-file",
        "evaluate",
        "execute",
        "catch",
        "randomize",
    ];
    let (mut checked, mut checked_float, mut wrong) = (0, 0, Vec::new());
    for spec in playforth::all_specs() {
        let e = spec.effect;
        if spec.flags != 0
            || skip_sets.contains(&spec.set)
            || skip_words.contains(&spec.name)
            || spec.name.starts_with('(')
            || ["|", "*x", "...", "\"", "i*", "j*"]
                .iter()
                .any(|p| e.contains(p))
        {
            continue;
        }
        let Some(((before, after), (fbefore, fafter))) = split(e) else {
            continue;
        };
        let n_in: usize = before.iter().map(|t| cells(t)).sum();
        let n_out: usize = after.iter().map(|t| cells(t)).sum();
        let args: Vec<String> = before
            .iter()
            .flat_map(|t| std::iter::repeat_n(argument(t), cells(t)))
            .collect();
        let fargs = vec!["1e"; fbefore.len()];
        let (mut f, _out) = Forth::for_test(b"");
        // A cushion below the arguments, so a word that takes more than it
        // says shows as a depth change rather than an underflow.
        let line = format!(
            "7e 7e 7e 7e {} 7 7 7 7 {} {}",
            fargs.join(" "),
            args.join(" "),
            spec.name
        );
        if f.interpret_line(&line).is_err() {
            continue;
        }
        checked += 1;
        let got = f.depth() as isize - 4;
        if got != n_out as isize {
            wrong.push(format!(
                "`{}` {e}: takes {n_in}, should leave {n_out}, left {got}",
                spec.name
            ));
        }
        // The floating-point stack, counted with FDEPTH (unless the word
        // started a definition or changed the search order).
        let depth = f.depth();
        if f.in_definition() || f.interpret_line("fdepth").is_err() {
            continue;
        }
        assert_eq!(f.depth(), depth + 1, "after `{}`", spec.name);
        let fgot = f.pop().expect("fdepth's result") - 4;
        if !fbefore.is_empty() || !fafter.is_empty() {
            checked_float += 1;
        }
        if fgot != fafter.len() as i64 {
            wrong.push(format!(
                "`{}` {e}: takes {} floats, should leave {}, left {fgot}",
                spec.name,
                fbefore.len(),
                fafter.len()
            ));
        }
    }
    assert!(
        wrong.is_empty(),
        "{} effects are wrong:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
    eprintln!("{checked} declared effects checked, {checked_float} with a floating-point part");
    assert!(checked >= 170, "only {checked} words were checked");
    assert!(
        checked_float >= 60,
        "only {checked_float} floating-point effects were checked"
    );
}
