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

// ---- stack comments checked at `;` ----

/// What loading `lines` prints (output and notes share the buffer).
fn printed(lines: &[String]) -> String {
    let (mut f, out) = Forth::for_test(b"");
    let mut all = String::new();
    for line in lines {
        let _ = f.interpret_line(line);
        all.push_str(&out.take());
    }
    all
}

/// The stack-comment warnings, and the lines that count a file's.
fn warnings(text: &str) -> Vec<&str> {
    text.lines()
        .filter(|l| {
            l.contains("warning:")
                || l.contains("with their code —")
                || l.contains("with its code —")
        })
        .collect()
}

/// Every example game, alone and after the portable definitions gforth
/// needs, compiles without a single stack-comment warning: every word
/// there has a comment, and every comment is right.
#[test]
fn example_games_have_no_effect_warnings() {
    let root = env!("CARGO_MANIFEST_DIR");
    let mut games: Vec<String> = std::fs::read_dir(format!("{root}/examples"))
        .expect("examples/")
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "fs"))
        .map(|p| p.display().to_string())
        .collect();
    games.sort();
    assert!(games.len() >= 6, "found only {games:?}");
    let lib = format!("{root}/examples/lib/gforth.fs");
    for game in &games {
        for prefix in [vec![], vec![format!("include {lib}")]] {
            let mut lines = prefix;
            lines.push(format!("include {game}"));
            let text = printed(&lines);
            assert!(warnings(&text).is_empty(), "{game}:\n{text}");
            assert!(!text.contains("error"), "{game} did not load:\n{text}");
        }
    }
    // The check is live after a game: a wrong comment is still reported.
    let lines = [
        format!("include {}", games[0]),
        ": sq ( n -- n*n ) dup dup * ;".to_string(),
    ];
    assert_eq!(warnings(&printed(&lines)).len(), 1);
}

/// The docs' sessions and code (the tutorial, the reference, the lessons,
/// the README) warn only where they mean to: the words below are wrong on
/// purpose, to show the warning. Every other definition there compiles
/// silently. Each session runs in a fresh system; a file's blocks of
/// plain code (a lesson's) run together, in order.
#[test]
fn the_docs_warn_only_on_purpose() {
    let meant = ["`play`", "`square`", "`clip`"];
    let root = env!("CARGO_MANIFEST_DIR");
    let mut files = vec![format!("{root}/README.md")];
    for dir in ["docs", "docs/lessons"] {
        for e in std::fs::read_dir(format!("{root}/{dir}"))
            .expect("a docs folder")
            .flatten()
        {
            if e.path().extension().is_some_and(|x| x == "md") {
                files.push(e.path().display().to_string());
            }
        }
    }
    let (mut runs, mut definitions) = (0, 0);
    for file in &files {
        let md = std::fs::read_to_string(file).expect("a doc");
        let mut code: Vec<String> = Vec::new();
        let mut to_run: Vec<Vec<String>> = Vec::new();
        for block in md.split("```forth").skip(1) {
            let block = block.split("```").next().unwrap_or("");
            if block.lines().any(|l| l.starts_with("> ")) {
                to_run.push(
                    block
                        .lines()
                        .filter_map(|l| l.strip_prefix("> "))
                        .map(str::to_string)
                        .collect(),
                );
            } else {
                code.extend(block.lines().map(str::to_string));
            }
        }
        to_run.push(code);
        for lines in to_run.iter().filter(|l| !l.is_empty()) {
            runs += 1;
            definitions += lines.iter().filter(|l| l.contains(": ")).count();
            let text = printed(lines);
            for w in warnings(&text) {
                assert!(
                    meant.iter().any(|m| w.contains(&format!("warning: {m}"))),
                    "an unexpected warning in {file}: {w}"
                );
            }
        }
    }
    assert!(
        runs >= 20 && definitions >= 40,
        "{runs} runs, {definitions} definitions"
    );
}

/// The prelude's words all have stack comments, and all are right: a
/// fresh system says nothing.
#[test]
fn the_prelude_compiles_without_a_warning() {
    let (mut f, out) = Forth::for_test(b"");
    assert_eq!(out.take(), "");
    // ... and the check is on: a wrong comment in the same system warns.
    let _ = f.interpret_line(": sq ( n -- n*n ) dup dup * ;");
    assert!(
        out.take()
            .contains("warning: `sq` says ( n -- n*n ) but leaves 2 items")
    );
}
