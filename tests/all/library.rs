//! The tfl library: `tests/library/` is a small library in the style of
//! the big gforth libraries (a configuration file that detects the system
//! and defines portability words, modules that `require` each other and
//! guard against being loaded twice, a test module `test/tXXX.fs` per
//! module with a tester that counts passes and failures), written for
//! gforth 0.7.3 as a test corpus. `all-tests.fs` runs every test module;
//! `all-tests.out` is what gforth 0.7.3 prints for it
//! (`gforth all-tests.fs -e bye`, stdin empty): each module's own output,
//! then its counts, then the totals.
//!
//! `gforth_prints_the_expected_output` checks `all-tests.out` against the
//! installed gforth (SKIPPED, loudly, without gforth 0.7.3), so comparing
//! playforth's output with the file is comparing it with gforth's.
//!
//! `playforth_runs_the_library` runs playforth on `all-tests.fs` twice:
//!
//! - `as-is`: the library unmodified, the real goal;
//! - `with-missing-words`: `missing-words.fs` loaded first, stand-ins for
//!   the gforth words playforth lacks today (each defined only when
//!   missing, so the file turns into nothing as the words arrive), which
//!   checks everything else the library does.
//!
//! Each run's stdout is cut into sections, one per test module (from its
//! `tXXX ...` line) and the totals line, and each section is compared
//! byte for byte with the same section of `all-tests.out`; a last section,
//! `stderr`, must be empty (no error, no warning about the library's code). A section that
//! differs must be listed in `tests/library/KNOWN-FAILURES` (`run section
//! # why`, `*` for every section of a run); a listed one that now agrees is
//! reported loudly so it can come off the list. The report (each differing
//! section's first differing line, playforth's first line on stderr) is
//! printed to stderr — `cargo test --test all library:: -- --nocapture` —
//! and written to `library-report.txt` in Cargo's target tmp dir.
//!
//! Runs happen in a fresh empty directory (the string module's test
//! writes and deletes a file in the current directory); the library finds
//! its files relative to the file that requires them.

use crate::corpus::{
    GFORTH_VERSION, Run, first_difference, first_line, gforth_version, how_it_ended, run,
};
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

fn library_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests")
        .join("library")
}

fn expected() -> Vec<u8> {
    let path = library_dir().join("all-tests.out");
    std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The output cut into sections: `preamble` (anything before the first
/// module), one per test module named by its `tXXX ...` line, and
/// `summary` from the totals line (`all N modules: ...`) on.
fn sections(out: &[u8]) -> Vec<(String, Vec<u8>)> {
    let mut list: Vec<(String, Vec<u8>)> = Vec::new();
    let mut current = "preamble".to_string();
    for line in out.split_inclusive(|&b| b == b'\n') {
        let text = String::from_utf8_lossy(line);
        let text = text.trim_end_matches('\n');
        if let Some(name) = text.strip_suffix(" ...")
            && name.starts_with('t')
            && name.len() > 1
            && name.bytes().all(|b| b.is_ascii_alphanumeric())
        {
            current = name.to_string();
        } else if text.starts_with("all ") && text.contains(" modules: ") {
            current = "summary".to_string();
        }
        match list.last_mut() {
            Some((name, text)) if *name == current => text.extend_from_slice(line),
            _ => list.push((current.clone(), line.to_vec())),
        }
    }
    list
}

fn section_of<'a>(list: &'a [(String, Vec<u8>)], name: &str) -> &'a [u8] {
    list.iter()
        .find(|(n, _)| n == name)
        .map_or(&[][..], |(_, text)| &text[..])
}

/// `KNOWN-FAILURES`: `run section # why` a line; blank lines and lines
/// starting with `#` are comments. Returns (run, section) -> why.
fn known_failures() -> BTreeMap<(String, String), String> {
    let path = library_dir().join("KNOWN-FAILURES");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut known = BTreeMap::new();
    for line in text.lines() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (key, why) = line.split_once('#').unwrap_or((line, ""));
        let words: Vec<&str> = key.split_whitespace().collect();
        let [run, section] = words[..] else {
            panic!("KNOWN-FAILURES: `{line}` is not `run section # why`");
        };
        assert!(
            RUNS.iter().any(|(r, _)| *r == run),
            "KNOWN-FAILURES names the run `{run}`; the runs are {:?}",
            RUNS.iter().map(|(r, _)| r).collect::<Vec<_>>()
        );
        let old = known.insert(
            (run.to_string(), section.to_string()),
            why.trim().to_string(),
        );
        assert!(
            old.is_none(),
            "KNOWN-FAILURES lists `{run} {section}` twice"
        );
    }
    known
}

/// The runs: a name, and the file loaded before `all-tests.fs`, if any.
const RUNS: &[(&str, Option<&str>)] = &[
    ("as-is", None),
    ("with-missing-words", Some("missing-words.fs")),
];

fn run_playforth(before: Option<&str>) -> Run {
    let dir = library_dir();
    let all = dir.join("all-tests.fs");
    let bin = env!("CARGO_BIN_EXE_playforth");
    match before {
        None => run(bin, &[&all], "library"),
        Some(file) => {
            let code = format!("s\" {}\" included", dir.join(file).display());
            run(bin, &[Path::new("-e"), Path::new(&code), &all], "library")
        }
    }
}

#[test]
fn playforth_runs_the_library() {
    let want = sections(&expected());
    let known = known_failures();
    let mut problems = Vec::new();
    let mut now_pass = Vec::new();
    let mut report = String::new();
    for &(name, before) in RUNS {
        let r = run_playforth(before);
        let mut got = sections(&r.stdout);
        // Nothing on stderr either: no error, and no warning about a file
        // the library includes.
        got.push(("stderr".to_string(), r.stderr.clone()));
        let mut agree = 0;
        let mut want = want.clone();
        want.push(("stderr".to_string(), Vec::new()));
        let mut names: Vec<&String> = want.iter().map(|(n, _)| n).collect();
        for (n, _) in &got {
            if !names.contains(&n) {
                names.push(n);
            }
        }
        let total = names.len();
        let mut lines = String::new();
        for section in names {
            let e = section_of(&want, section);
            let a = section_of(&got, section);
            let listed = known
                .get(&(name.to_string(), section.clone()))
                .or_else(|| known.get(&(name.to_string(), "*".to_string())));
            if e == a && !r.timed_out {
                agree += 1;
                if known.contains_key(&(name.to_string(), section.clone())) {
                    now_pass.push(format!("{name} {section}"));
                }
                continue;
            }
            let _ = writeln!(
                lines,
                "    {section}{}\n        {}",
                match listed {
                    Some(why) => format!("  (known: {why})"),
                    None => "  <-- NOT in KNOWN-FAILURES".to_string(),
                },
                if a.is_empty() {
                    "missing from playforth's output".to_string()
                } else {
                    first_difference(e, a)
                }
            );
            if listed.is_none() {
                problems.push(format!(
                    "run `{name}`, section `{section}` differs from gforth's output but is not in \
                     tests/library/KNOWN-FAILURES: {}",
                    first_difference(e, a)
                ));
            }
        }
        if agree == total && known.contains_key(&(name.to_string(), "*".to_string())) {
            now_pass.push(format!("{name} *"));
        }
        let _ = writeln!(
            report,
            "tfl library, run `{name}`: {agree} of {total} sections agree with gforth 0.7.3; \
             playforth {}, stderr: {}",
            how_it_ended(&r),
            match first_line(&r.stderr) {
                s if s.is_empty() => "(nothing)".to_string(),
                s => s,
            }
        );
        report.push_str(&lines);
    }
    if !now_pass.is_empty() {
        let bang = "!".repeat(72);
        let _ = writeln!(report, "\n{bang}");
        let _ = writeln!(
            report,
            "!!! listed in tests/library/KNOWN-FAILURES but now agreeing with gforth:"
        );
        for n in &now_pass {
            let _ = writeln!(report, "!!!     {n}");
        }
        let _ = writeln!(
            report,
            "!!! Take them off the list, so that they stay fixed."
        );
        let _ = writeln!(report, "{bang}");
    }
    let report_path = Path::new(env!("CARGO_TARGET_TMPDIR")).join("library-report.txt");
    let _ = std::fs::write(&report_path, &report);
    eprint!("{report}");
    eprintln!("(this report is also in {})", report_path.display());
    assert!(
        problems.is_empty(),
        "tfl library:\n  {}",
        problems.join("\n  ")
    );
}

#[test]
fn gforth_prints_the_expected_output() {
    let Some(version) = gforth_version() else {
        eprintln!(
            "SKIPPED: gforth is not installed, so tests/library/all-tests.out was NOT checked \
             against gforth (playforth is still compared with the stored output)"
        );
        return;
    };
    if version != GFORTH_VERSION {
        eprintln!(
            "SKIPPED: the installed gforth is {version:?}, but tests/library/all-tests.out is the \
             output of {GFORTH_VERSION:?}; it was NOT checked against gforth"
        );
        return;
    }
    let all = library_dir().join("all-tests.fs");
    let r = run(
        "gforth",
        &[&all, Path::new("-e"), Path::new("bye")],
        "library-gf",
    );
    let mut problems = Vec::new();
    let want = expected();
    if r.stdout != want {
        problems.push(format!(
            "gforth's output changed: {}",
            first_difference(&want, &r.stdout)
        ));
    }
    if r.code != Some(0) || r.timed_out {
        problems.push(format!("gforth did not succeed ({})", how_it_ended(&r)));
    }
    if !r.stderr.is_empty() {
        problems.push(format!("gforth wrote to stderr: {}", first_line(&r.stderr)));
    }
    assert!(
        problems.is_empty(),
        "tfl library under gforth:\n  {}",
        problems.join("\n  ")
    );
    eprintln!("tfl library: tests/library/all-tests.out is what {version} prints");
}

/// The corpus stays what it says it is: every module has its test module,
/// all-tests.fs requires each, and gforth passed every test.
#[test]
fn every_module_has_a_passing_test_module() {
    let dir = library_dir();
    let all = std::fs::read_to_string(dir.join("all-tests.fs")).expect("all-tests.fs");
    let mut modules: Vec<String> = std::fs::read_dir(dir.join("tfl"))
        .expect("tests/library/tfl")
        .map(|e| {
            e.expect("dir entry")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .filter(|n| n.ends_with(".fs") && n != "config.fs")
        .collect();
    modules.sort();
    assert!(modules.len() >= 6, "only {} modules", modules.len());
    let out = String::from_utf8(expected()).expect("all-tests.out is UTF-8");
    let found = sections(out.as_bytes());
    for m in &modules {
        let stem = m.trim_end_matches(".fs");
        let test = format!("test/t{stem}.fs");
        assert!(dir.join(&test).is_file(), "tfl/{m} has no {test}");
        assert!(
            all.lines().any(|l| l.trim() == format!("require {test}")),
            "all-tests.fs does not require {test}"
        );
        assert!(
            found.iter().any(|(n, _)| *n == format!("t{stem}")),
            "all-tests.out has no section for t{stem}"
        );
    }
    assert!(!out.contains("FAIL"), "gforth failed a test:\n{out}");
    let totals = format!("all {} modules: ", modules.len());
    assert!(
        out.lines()
            .any(|l| l.starts_with(&totals) && l.ends_with(" passed, 0 failed")),
        "all-tests.out does not end with `{totals}N passed, 0 failed`"
    );
}
