//! The stack-comment checker on code nobody wrote for it: gforth's own
//! files (`/usr/share/gforth/0.7.3/**/*.fs`, the benchmarks among them, its
//! kernel, assemblers and disassemblers too), the
//! example games and their library, and every Forth file under `tests/`
//! but the case files (the gforth corpus, the tester, the referee's bots,
//! the checker's own fixtures, and any corpus added later). A warning is
//! only as good as it is true: each file is loaded by the playforth
//! binary, `effects` lists every comment that disagrees with its code, and
//! the test fails on any such warning that is not in `TRUE_WARNINGS`, the
//! ones reviewed and found true, each with why.
//!
//! Each file runs in a fresh empty directory (programs that write files
//! write them there), with stdin empty, from a small script that includes
//! it under CATCH (a file that stops with an error still has its
//! definitions checked up to there), with `bye` made harmless, then says
//! `effects`. A listed warning that no longer appears fails the test too,
//! when gforth's files are there to be checked.

use std::collections::BTreeMap;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// gforth 0.7.3's files, where Debian's gforth-common puts them.
const GFORTH_DIR: &str = "/usr/share/gforth/0.7.3";

/// A file still loading after this long is stuck (each takes well under
/// a second).
const TIMEOUT: Duration = Duration::from_secs(30);

/// The warnings reviewed and found true: the file, the word and what the
/// warning says (its line number and the quoted body left out), then why
/// it is true. A warning on a comment that is right is a bug of the
/// checker: fix the checker, never add it here.
const TRUE_WARNINGS: &[(&str, &str)] = &[
    (
        "/usr/share/gforth/0.7.3/locate.fs: `check-word` says ( addr u -- addr u flag ) but leaves 1 item",
        "the addr u it is given go under the tag line's piece and become SEARCH's second \
         string (`2swap search`), and `nip nip` keeps only SEARCH's flag: ( addr u -- flag ) \
         (seen since `ctrl A` compiles its number, as in gforth)",
    ),
    (
        "/usr/share/gforth/0.7.3/bubble.fs: `bubble` says ( -- ) but leaves 1 item",
        "`1 elements 1 do` leaves its 1 under the loop's limits and nothing takes it: \
         gforth 0.7.3 shows <1> 1 after `initiate-seed initiate-list bubble`",
    ),
    (
        "/usr/share/gforth/0.7.3/bubble.fs: `bubble-with-flag` says ( -- ) but leaves 1 item",
        "the same stray 1 as `bubble` (the flag pushed before the inner DO is taken by \
         IF LEAVE THEN, and the inferred effect of the rest is ( -- )): gforth 0.7.3 \
         shows <2> 1 1 after `bubble` and `bubble-with-flag`",
    ),
    (
        "/usr/share/gforth/0.7.3/oof.fs: `^*@` says ( offset -- addr ) but takes 2 items and leaves 1 item",
        "`^ + @ tuck` reaches an item below the offset: the array index, on the stack \
         where `o+@*,` compiles a call, which the comment leaves out",
    ),
    (
        "/usr/share/gforth/0.7.3/sokoban.fs: `new-maze` says ( n -- addr ) but leaves no items",
        "`here mazes rot 1 ?do @ loop !` stores the new maze's address in the list and \
         the rest only compiles cells: gforth 0.7.3 shows the depth 0 before and after \
         `1 new-maze`",
    ),
    (
        "/usr/share/gforth/0.7.3/arch/386/disasm.fs: `fnullary` says ( op -- ) but takes 2 items",
        "after `$d0 =` has taken op, the ELSE branch's `dup ???` copies (prints and \
         drops) the item below it: gforth 0.7.3 leaves <1> 7 after `7 $d1 fnullary`, and \
         with op alone the stack would underflow; ( x op -- x ) is what it does",
    ),
    (
        "/usr/share/gforth/0.7.3/arch/386/disasm.fs: `rel8` says ( addr op -- addr' ) but leaves 2 items",
        "every caller (`bra`, `jmp`, `lup`) has taken op before calling it, and \
         `count sext over + h.>s` uses addr alone: gforth 0.7.3 shows the depth 1 \
         before and after `buf rel8`; it is ( addr -- addr' )",
    ),
    (
        "/usr/share/gforth/0.7.3/kernel/cbr.fs: `sys?` says ( sys -- ) but leaves 1 item",
        "`dup 0= ?struc` checks a copy (`?struc ( flag -- )`) and sys stays for the \
         caller: `THEN` is `sys? >resolve`; it is ( sys -- sys )",
    ),
    (
        "tests/corpus/021-dot-r.fs: `row` says ( n -- ) but leaves 1 item",
        "`dup dup dup * * 10 .r` prints the cube from a copy and n stays: `cubes` leaves \
         ten numbers behind, in gforth too",
    ),
    (
        "tests/corpus/024-money.fs: `.thousands` says ( u -- ) but leaves 2 items",
        "it ends with `#>`, leaving the string's address and length for the caller \
         (`.thousands trim0 type`): the comment should say ( u -- c-addr len )",
    ),
    (
        "tests/effects/lib/queue.fs: `q-push` says ( x -- x ) but leaves no items",
        "wrong on purpose (the fixture of tests/cases/effects/library.fs): it stores x",
    ),
    (
        "tests/effects/lib/queue.fs: `q-pop` says ( -- x ) but leaves 2 items",
        "wrong on purpose: `q-slot dup @` leaves the slot's address under x",
    ),
    (
        "tests/effects/lib/queue.fs: `q-full?` says ( n -- flag ) but leaves 2 items",
        "wrong on purpose: it takes no n",
    ),
    (
        "tests/effects/lib/uses-queue.fs: `q-size?` says ( -- n flag ) but leaves 1 item",
        "wrong on purpose: `q-count` is all it does",
    ),
];

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The `.fs` files under `dir`, recursively, sorted; none under a folder
/// named `skip`.
fn forth_files(dir: &Path, skip: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let Ok(entries) = std::fs::read_dir(dir) else {
        return found;
    };
    for e in entries.flatten() {
        let p = e.path();
        if p == skip {
            continue;
        }
        if p.is_dir() {
            found.extend(forth_files(&p, skip));
        } else if p.extension().is_some_and(|x| x == "fs") {
            found.push(p);
        }
    }
    found.sort();
    found
}

/// What to check: each entry a few files included in order (a game after
/// the definitions gforth needs, say), named by the last.
fn entries() -> (Vec<Vec<PathBuf>>, bool) {
    let root = root();
    let mut runs: Vec<Vec<PathBuf>> = Vec::new();
    let gforth = forth_files(Path::new(GFORTH_DIR), Path::new(""));
    let have_gforth = !gforth.is_empty();
    runs.extend(gforth.into_iter().map(|p| vec![p]));
    // The games, alone and after the definitions gforth needs (their
    // other library files are parts of a game: each game includes them).
    let lib = root.join("examples/lib/gforth.fs");
    runs.push(vec![lib.clone()]);
    for p in forth_files(&root.join("examples"), &root.join("examples/lib")) {
        runs.push(vec![p.clone()]);
        runs.push(vec![lib.clone(), p]);
    }
    let tests = root.join("tests");
    runs.extend(
        forth_files(&tests, &tests.join("cases"))
            .into_iter()
            .map(|p| vec![p]),
    );
    (runs, have_gforth)
}

/// The script that loads `files` and lists what the check found.
fn script(files: &[PathBuf]) -> String {
    let mut s = String::from(": bye ;  : (bye) drop ;\n");
    for f in files {
        s.push_str(&format!(
            "s\" {}\" ' included catch [if] 2drop [then]\n",
            f.display()
        ));
    }
    // `] [` leaves the state interpreting, whether a file stopped inside
    // a definition or not; `only forth` finds `effects` whatever order a
    // file set.
    s.push_str("] [ only forth effects\n");
    s
}

struct Run {
    out: String,
    timed_out: bool,
}

/// Run the binary on `script` in a fresh directory, stdin empty.
fn run(script: &str) -> Run {
    static N: AtomicUsize = AtomicUsize::new(0);
    let dir = std::env::temp_dir().join(format!(
        "playforth-comments-{}-{}",
        std::process::id(),
        N.fetch_add(1, Ordering::Relaxed)
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch dir");
    std::fs::write(dir.join("check.fs"), script).expect("the script");
    let mut child = Command::new(env!("CARGO_BIN_EXE_playforth"))
        .arg("check.fs")
        .current_dir(&dir)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("playforth starts");
    let mut out = child.stdout.take().expect("stdout");
    let reader = std::thread::spawn(move || {
        let mut v = Vec::new();
        let _ = out.read_to_end(&mut v);
        v
    });
    let start = Instant::now();
    let mut timed_out = false;
    loop {
        if child.try_wait().expect("wait").is_some() {
            break;
        }
        if start.elapsed() > TIMEOUT {
            timed_out = true;
            let _ = child.kill();
            let _ = child.wait();
            break;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    let out = String::from_utf8_lossy(&reader.join().expect("reader")).into_owned();
    let _ = std::fs::remove_dir_all(&dir);
    Run { out, timed_out }
}

/// A listed warning as `TRUE_WARNINGS` keys it: `file: `name` says … but
/// why`, the file relative to the repository, without the line number
/// and the quoted body.
fn key(line: &str) -> Option<String> {
    let (place, rest) = line.split_once(": warning: `")?;
    let (file, _line) = place.rsplit_once(':')?;
    let (said, _body) = rest.rsplit_once(": `")?;
    let root = format!("{}/", root().display());
    let file = file.strip_prefix(&root).unwrap_or(file).replace("/./", "/");
    Some(format!("{file}: `{said}"))
}

#[test]
fn every_warning_on_the_corpora_is_true() {
    let (runs, have_gforth) = entries();
    assert!(runs.len() >= 150, "only {} files found", runs.len());
    let next = AtomicUsize::new(0);
    let found: Mutex<BTreeMap<String, String>> = Mutex::new(BTreeMap::new());
    let failures: Mutex<Vec<String>> = Mutex::new(Vec::new());
    let checked = AtomicUsize::new(0);
    let workers = std::thread::available_parallelism()
        .map_or(2, |n| n.get())
        .clamp(2, 8);
    std::thread::scope(|s| {
        for _ in 0..workers {
            s.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(files) = runs.get(i) else {
                        break;
                    };
                    let name = files.last().expect("a file").display().to_string();
                    let r = run(&script(files));
                    // `effects` ends with its count, or says there was
                    // nothing to check.
                    let listed = r.out.lines().any(|l| {
                        l.contains("stack comments in") && l.ends_with("disagree with their code.")
                            || l.ends_with("No file loaded in this session has a stack comment.")
                    });
                    if r.timed_out || !listed {
                        let why = if r.timed_out {
                            "timed out"
                        } else {
                            "no listing"
                        };
                        failures
                            .lock()
                            .unwrap()
                            .push(format!("{name}: {why}:\n{}", r.out));
                        continue;
                    }
                    for line in r.out.lines() {
                        if let Some(k) = key(line) {
                            found.lock().unwrap().insert(k, line.to_string());
                        }
                    }
                    checked.fetch_add(1, Ordering::Relaxed);
                }
            });
        }
    });
    let failures = failures.into_inner().unwrap();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    let found = found.into_inner().unwrap();
    let unexpected: Vec<&String> = found
        .iter()
        .filter(|(k, _)| !TRUE_WARNINGS.iter().any(|(t, _)| t == *k))
        .map(|(_, line)| line)
        .collect();
    eprintln!(
        "{} files checked, {} warnings, all reviewed: {}",
        checked.load(Ordering::Relaxed),
        found.len(),
        unexpected.is_empty()
    );
    assert!(
        unexpected.is_empty(),
        "{} warnings not reviewed (a wrong one is the checker's bug; a true one goes in TRUE_WARNINGS with why):\n{}",
        unexpected.len(),
        unexpected
            .iter()
            .map(|l| l.as_str())
            .collect::<Vec<_>>()
            .join("\n")
    );
    if have_gforth {
        let stale: Vec<&str> = TRUE_WARNINGS
            .iter()
            .map(|(k, _)| *k)
            .filter(|k| !found.contains_key(*k))
            .collect();
        assert!(
            stale.is_empty(),
            "listed in TRUE_WARNINGS but no longer said (take them off):\n{}",
            stale.join("\n")
        );
    }
}

/// The keys read a listing's line as meant.
#[test]
fn keys_leave_out_the_line_and_the_body() {
    let line = format!(
        "{}/tests/corpus/021-dot-r.fs:2: warning: `row` says ( n -- ) but leaves 1 item: `dup 6 .r`",
        root().display()
    );
    assert_eq!(
        key(&line).as_deref(),
        Some("tests/corpus/021-dot-r.fs: `row` says ( n -- ) but leaves 1 item")
    );
    assert_eq!(
        key("3 stack comments in x.fs disagree with their code"),
        None
    );
}
