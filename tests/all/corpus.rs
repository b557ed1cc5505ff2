//! The gforth corpus: `tests/corpus/NNN-name.fs` are small programs in the
//! style people post for gforth (loops, strings, recursion, number
//! formatting, locals, DOES>, floats, file I/O, exceptions, gforth's own
//! words), and `NNN-name.out` is what gforth 0.7.3 printed for each, run as
//! `gforth NNN-name.fs -e bye` with stdin empty.
//!
//! `playforth_agrees_with_gforth` runs every program through the playforth
//! binary (`playforth NNN-name.fs`) and compares its stdout with the `.out`
//! file. Programs listed in `tests/corpus/KNOWN-FAILURES` are expected to
//! differ today (floats, gforth-only words...); every other program must
//! agree. A listed program that now agrees is reported loudly so it can be
//! taken off the list. The summary (how many agree, and for each program
//! that differs its first differing line and playforth's first line on
//! stderr) is printed to stderr, so run
//! `cargo test --test all corpus:: -- --nocapture` to read it, and is also written
//! to `corpus-report.txt` in Cargo's target tmp dir.
//!
//! `gforth_still_prints_the_expected_output` re-runs gforth 0.7.3, when it
//! is installed, on every program and checks the `.out` files are exactly
//! what it prints (and that it exits 0 with nothing on stderr, except for
//! the programs in `GFORTH_STDERR_ALLOWED`). Without gforth 0.7.3 it prints
//! `SKIPPED` on stderr.
//!
//! Normalisation: none. The `.out` files are gforth's stdout byte for byte,
//! and playforth's stdout is compared byte for byte; stderr is never
//! compared (gforth's `~~` and both systems' error reports go there).
//!
//! Each run happens in a fresh empty directory under the system temp dir
//! (removed afterwards), which is the program's current directory: the file
//! I/O programs make, read and delete their files there, so concurrent test
//! runs cannot trip over each other's files. Runs go in parallel, and a run
//! is killed after `TIMEOUT`.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// Every program finishes in well under a second under gforth.
const TIMEOUT: Duration = Duration::from_secs(5);

/// Programs whose gforth run legitimately writes to stderr: `~~` prints
/// the source position and the stack there.
const GFORTH_STDERR_ALLOWED: &[&str] = &["106-tilde-tilde"];

/// The gforth whose output the `.out` files hold.
pub(crate) const GFORTH_VERSION: &str = "gforth 0.7.3";

fn corpus_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests")
        .join("corpus")
}

/// The programs' names (file stems, like `001-count-up`), sorted.
fn programs() -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(corpus_dir())
        .expect("tests/corpus")
        .map(|e| e.expect("dir entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "fs"))
        .map(|p| p.file_stem().unwrap().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// `KNOWN-FAILURES`: one program a line (its name, with or without `.fs`),
/// then optionally `#` and the reason; blank lines and lines starting with
/// `#` are comments. Returns name -> reason.
fn known_failures() -> BTreeMap<String, String> {
    let text = std::fs::read_to_string(corpus_dir().join("KNOWN-FAILURES"))
        .expect("tests/corpus/KNOWN-FAILURES");
    let mut known = BTreeMap::new();
    for line in text.lines() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (name, reason) = match line.split_once('#') {
            Some((n, r)) => (n.trim(), r.trim()),
            None => (line, ""),
        };
        let name = name.strip_suffix(".fs").unwrap_or(name);
        assert!(
            known.insert(name.to_string(), reason.to_string()).is_none(),
            "KNOWN-FAILURES lists {name} twice"
        );
    }
    known
}

pub(crate) struct Run {
    pub(crate) stdout: Vec<u8>,
    pub(crate) stderr: Vec<u8>,
    /// The exit code, or None when killed (by a signal or the timeout).
    pub(crate) code: Option<i32>,
    pub(crate) timed_out: bool,
}

/// A fresh empty directory for one run.
fn scratch_dir(tag: &str) -> PathBuf {
    static N: AtomicUsize = AtomicUsize::new(0);
    let dir = std::env::temp_dir().join(format!(
        "playforth-corpus-{}-{}-{}",
        std::process::id(),
        tag,
        N.fetch_add(1, Ordering::Relaxed)
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch dir");
    dir
}

/// Run `program args...` with empty stdin in a fresh scratch directory,
/// killing it after `TIMEOUT`.
pub(crate) fn run(program: &str, args: &[&Path], tag: &str) -> Run {
    let dir = scratch_dir(tag);
    let mut child = Command::new(program)
        .args(args)
        .current_dir(&dir)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot start {program}: {e}"));
    let mut out = child.stdout.take().unwrap();
    let mut err = child.stderr.take().unwrap();
    let out_reader = std::thread::spawn(move || {
        let mut v = Vec::new();
        let _ = out.read_to_end(&mut v);
        v
    });
    let err_reader = std::thread::spawn(move || {
        let mut v = Vec::new();
        let _ = err.read_to_end(&mut v);
        v
    });
    let start = Instant::now();
    let mut timed_out = false;
    let status = loop {
        if let Some(status) = child.try_wait().expect("wait") {
            break status;
        }
        if start.elapsed() > TIMEOUT {
            timed_out = true;
            let _ = child.kill();
            break child.wait().expect("wait");
        }
        std::thread::sleep(Duration::from_millis(2));
    };
    let stdout = out_reader.join().unwrap();
    let stderr = err_reader.join().unwrap();
    let _ = std::fs::remove_dir_all(&dir);
    Run {
        stdout,
        stderr,
        code: status.code(),
        timed_out,
    }
}

/// Apply `f` to every name, on a few threads; results in the names' order.
fn par_map<T: Send>(names: &[String], f: impl Fn(&str) -> T + Sync) -> Vec<T> {
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<T>>> = Mutex::new((0..names.len()).map(|_| None).collect());
    let workers = std::thread::available_parallelism()
        .map_or(4, |n| n.get())
        .clamp(2, 16);
    std::thread::scope(|s| {
        for _ in 0..workers {
            s.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= names.len() {
                        break;
                    }
                    let r = f(&names[i]);
                    results.lock().unwrap()[i] = Some(r);
                }
            });
        }
    });
    results
        .into_inner()
        .unwrap()
        .into_iter()
        .map(|r| r.unwrap())
        .collect()
}

fn expected(name: &str) -> Vec<u8> {
    let path = corpus_dir().join(format!("{name}.out"));
    std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The first non-blank line (gforth's error reports start with a blank one).
pub(crate) fn first_line(bytes: &[u8]) -> String {
    let text = String::from_utf8_lossy(bytes);
    text.lines()
        .find(|l| !l.trim().is_empty())
        .unwrap_or("")
        .to_string()
}

/// Where `actual` first differs from `expected`, line by line:
/// "line N: expected "..." got "..."" (lines shown escaped, with their
/// line break when they have one, so a missing final newline shows).
pub(crate) fn first_difference(expected: &[u8], actual: &[u8]) -> String {
    let e: Vec<&[u8]> = expected.split_inclusive(|&b| b == b'\n').collect();
    let a: Vec<&[u8]> = actual.split_inclusive(|&b| b == b'\n').collect();
    for i in 0..e.len().max(a.len()) {
        let (x, y) = (e.get(i), a.get(i));
        if x != y {
            let show = |l: Option<&&[u8]>| match l {
                Some(l) => format!("{:?}", String::from_utf8_lossy(l)),
                None => "end of output".to_string(),
            };
            return format!("line {}: expected {} got {}", i + 1, show(x), show(y));
        }
    }
    "no difference".to_string()
}

pub(crate) fn how_it_ended(r: &Run) -> String {
    if r.timed_out {
        format!("killed after {TIMEOUT:?}")
    } else {
        match r.code {
            Some(c) => format!("exit {c}"),
            None => "killed by a signal".to_string(),
        }
    }
}

#[test]
fn playforth_agrees_with_gforth() {
    let names = programs();
    assert!(
        names.len() >= 100,
        "the corpus has only {} programs",
        names.len()
    );
    let known = known_failures();
    let mut problems = Vec::new();
    for name in known.keys() {
        if !names.contains(name) {
            problems.push(format!(
                "KNOWN-FAILURES lists {name}, which is not a program in tests/corpus"
            ));
        }
    }

    let bin = env!("CARGO_BIN_EXE_playforth");
    let dir = corpus_dir();
    let runs = par_map(&names, |name| {
        let path = dir.join(format!("{name}.fs"));
        run(bin, &[&path], "pf")
    });

    let mut agree = 0;
    let mut differ = Vec::new();
    let mut now_pass = Vec::new();
    let mut report = String::new();
    for (name, r) in names.iter().zip(&runs) {
        let want = expected(name);
        if r.stdout == want && !r.timed_out {
            agree += 1;
            if known.contains_key(name) {
                now_pass.push(name.clone());
            }
        } else {
            let line = format!(
                "  {name}{}\n      {}\n      playforth ({}): {}\n",
                if known.contains_key(name) {
                    ""
                } else {
                    "  <-- NOT in KNOWN-FAILURES"
                },
                first_difference(&want, &r.stdout),
                how_it_ended(r),
                match first_line(&r.stderr) {
                    s if s.is_empty() => "(nothing on stderr)".to_string(),
                    s => s,
                },
            );
            differ.push(line);
            if !known.contains_key(name) {
                problems.push(format!(
                    "{name} differs from gforth but is not in KNOWN-FAILURES"
                ));
            }
        }
    }

    let _ = writeln!(
        report,
        "gforth corpus: {agree} of {} programs agree with gforth 0.7.3",
        names.len()
    );
    if !differ.is_empty() {
        let _ = writeln!(report, "{} differ:", differ.len());
        for d in &differ {
            report.push_str(d);
        }
    }
    if !now_pass.is_empty() {
        let _ = writeln!(report);
        let _ = writeln!(
            report,
            "!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!"
        );
        let _ = writeln!(
            report,
            "!!! {} program(s) in tests/corpus/KNOWN-FAILURES now agree with gforth:",
            now_pass.len()
        );
        for n in &now_pass {
            let _ = writeln!(report, "!!!     {n}");
        }
        let _ = writeln!(
            report,
            "!!! Take them off the list, so that they stay fixed."
        );
        let _ = writeln!(
            report,
            "!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!"
        );
    }
    let report_path = Path::new(env!("CARGO_TARGET_TMPDIR")).join("corpus-report.txt");
    let _ = std::fs::write(&report_path, &report);
    eprint!("{report}");
    eprintln!("(this summary is also in {})", report_path.display());

    assert!(
        problems.is_empty(),
        "gforth corpus:\n  {}",
        problems.join("\n  ")
    );
}

/// `gforth --version` prints e.g. "gforth 0.7.3" (on stderr, for 0.7.3).
pub(crate) fn gforth_version() -> Option<String> {
    let out = Command::new("gforth")
        .arg("--version")
        .stdin(Stdio::null())
        .output()
        .ok()?;
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    Some(text.trim().to_string())
}

#[test]
fn gforth_still_prints_the_expected_output() {
    let Some(version) = gforth_version() else {
        eprintln!(
            "SKIPPED: gforth is not installed, so the corpus's .out files were not checked against it"
        );
        return;
    };
    if version != GFORTH_VERSION {
        eprintln!(
            "SKIPPED: the installed gforth is {version:?}, but the corpus's .out files are the output of \
             {GFORTH_VERSION:?}; they were not checked"
        );
        return;
    }
    let names = programs();
    let dir = corpus_dir();
    let runs = par_map(&names, |name| {
        let path = dir.join(format!("{name}.fs"));
        run("gforth", &[&path, Path::new("-e"), Path::new("bye")], "gf")
    });
    let mut problems = Vec::new();
    for (name, r) in names.iter().zip(&runs) {
        let want = expected(name);
        if r.stdout != want {
            problems.push(format!(
                "{name}: gforth's output changed: {}",
                first_difference(&want, &r.stdout)
            ));
        }
        if r.code != Some(0) || r.timed_out {
            problems.push(format!(
                "{name}: gforth did not succeed ({})",
                how_it_ended(r)
            ));
        }
        if !r.stderr.is_empty() && !GFORTH_STDERR_ALLOWED.contains(&name.as_str()) {
            problems.push(format!(
                "{name}: gforth wrote to stderr: {}",
                first_line(&r.stderr)
            ));
        }
    }
    assert!(
        problems.is_empty(),
        "gforth corpus, checked with gforth:\n  {}",
        problems.join("\n  ")
    );
    eprintln!(
        "gforth corpus: all {} .out files are what {version} prints",
        names.len()
    );
}
