//! Replays the fuzz corpus (issue 8) on stable Rust: every file under
//! `fuzz/corpus/<target>/` and `fuzz/regressions/<target>/` goes through the
//! same harness function the fuzzer runs (`fuzz/harness/`), and none may
//! panic. The corpus is part of the repository: an empty or missing corpus
//! directory is a failure. See `fuzz/README.md` to grow it.
//!
//! The harness's watchdog raises the interrupt all the harness's systems
//! share when an input runs long, so each replay runs alone in a child
//! process.

use crate::common;
use playforth_fuzz_harness as harness;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, mpsc};
use std::time::Duration;

/// How long one target's replay may take (it takes a few seconds).
const DEADLINE: Duration = Duration::from_secs(60);

fn files_in(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = match std::fs::read_dir(dir) {
        Ok(entries) => entries
            .filter_map(|e| e.ok())
            .map(|e| e.path())
            .filter(|p| p.is_file())
            .collect(),
        Err(_) => Vec::new(),
    };
    files.sort();
    files
}

fn replay(target: &'static str, run: fn(&[u8])) {
    let fuzz = Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz");
    let corpus = files_in(&fuzz.join("corpus").join(target));
    assert!(
        !corpus.is_empty(),
        "fuzz/corpus/{target}/ is empty or missing: the corpus is part of the repository \
         (see fuzz/README.md)"
    );
    let regressions = files_in(&fuzz.join("regressions").join(target));
    // In a thread with the main thread's stack size, as the REPL and the
    // fuzzer run (test threads get 2 MiB), and with a deadline: an input
    // the harness's watchdog cannot interrupt must fail, not hang, the test.
    let current = Arc::new(Mutex::new(String::new()));
    let (done, finished) = mpsc::channel();
    let now_running = current.clone();
    std::thread::Builder::new()
        .name(format!("replay-{target}"))
        .stack_size(8 << 20)
        .spawn(move || {
            let mut failures = Vec::new();
            for path in corpus.iter().chain(&regressions) {
                *now_running.lock().unwrap_or_else(|e| e.into_inner()) = path.display().to_string();
                let data = std::fs::read(path).expect("read a corpus file");
                if catch_unwind(AssertUnwindSafe(|| run(&data))).is_err() {
                    failures.push(path.display().to_string());
                }
            }
            let _ = done.send(failures);
        })
        .expect("spawn");
    let failures = match finished.recv_timeout(DEADLINE) {
        Ok(failures) => failures,
        Err(_) => panic!(
            "replaying `{target}` took over {DEADLINE:?}; stuck on {}",
            current.lock().unwrap_or_else(|e| e.into_inner())
        ),
    };
    assert!(
        failures.is_empty(),
        "{} input(s) of `{target}` panicked:\n  {}",
        failures.len(),
        failures.join("\n  ")
    );
}

#[test]
fn interpret_corpus_does_not_panic() {
    if common::alone_in_a_child("fuzz_corpus::interpret_corpus_does_not_panic") {
        return;
    }
    replay("interpret", harness::interpret);
}

#[test]
fn repl_helpers_corpus_does_not_panic() {
    if common::alone_in_a_child("fuzz_corpus::repl_helpers_corpus_does_not_panic") {
        return;
    }
    replay("repl_helpers", harness::repl_helpers);
}

#[test]
fn game_words_corpus_does_not_panic() {
    if common::alone_in_a_child("fuzz_corpus::game_words_corpus_does_not_panic") {
        return;
    }
    replay("game_words", harness::game_words);
}

#[test]
fn file_words_corpus_does_not_panic() {
    if common::alone_in_a_child("fuzz_corpus::file_words_corpus_does_not_panic") {
        return;
    }
    replay("file_words", harness::file_words);
    // Its odd files (a named pipe, a 1 MiB line …) go with the replay.
    harness::remove_odd_files();
}

/// The `file_words` timeout of FINDINGS.md ("2026-11-26: file_words"): a
/// WRITE-LINE at 10 TiB made `scratch.txt` a sparse 10 TiB file, and 26
/// INCLUDE-FILEs of it read 64 MiB each (playforth's bound, then -37):
/// 13 s. The harness now cuts the file back after every operation, so the
/// input is quick and leaves the file small. (The replay above runs it too,
/// but would pass, slowly, without the bound.)
#[test]
fn file_words_bounds_the_scratch_file() {
    if common::alone_in_a_child("fuzz_corpus::file_words_bounds_the_scratch_file") {
        return;
    }
    let input = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fuzz/regressions/file_words/include-file-of-10-tib-sparse-scratch");
    let data = std::fs::read(input).expect("the reproducer");
    harness::file_words(&data);
    let len = harness::scratch_len();
    harness::remove_odd_files();
    assert!(
        len.is_some_and(|n| n <= harness::SCRATCH_MAX),
        "scratch.txt is {len:?} bytes after the input, over the bound of {}",
        harness::SCRATCH_MAX
    );
}

#[test]
fn substitute_corpus_does_not_panic() {
    if common::alone_in_a_child("fuzz_corpus::substitute_corpus_does_not_panic") {
        return;
    }
    replay("substitute", harness::substitute);
}

#[test]
fn repl_lines_corpus_does_not_panic() {
    if common::alone_in_a_child("fuzz_corpus::repl_lines_corpus_does_not_panic") {
        return;
    }
    replay("repl_lines", harness::repl_lines);
}
