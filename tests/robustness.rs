//! Bad input never panics: random lines built from every built-in word,
//! numbers and addresses are interpreted, and whatever happens must come
//! back as Ok or as a Forth error, with the system still usable.

use playforth::Forth;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// A small deterministic generator (xorshift), so failures reproduce.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// Words that could wait for input, loop, sleep or leave.
const SKIP: &[&str] = &[
    ">in",
    "begin",
    "again",
    "until",
    "repeat",
    "while",
    "do",
    "?do",
    "loop",
    "+loop",
    "recurse",
    "evaluate",
    "include",
    "included",
    "require",
    "required",
    "include-file",
    "key",
    "accept",
    "refill",
    "bye",
    "ms",
    "quit",
    "restore-input",
    "save-input",
    "open-file",
    "create-file",
    "delete-file",
    "rename-file",
    "write-file",
    "write-line",
    "resize-file",
];

#[test]
fn random_lines_never_panic() {
    let words: Vec<&str> = playforth::words::all_specs()
        .map(|s| s.name)
        .filter(|n| !SKIP.contains(n))
        .chain([
            "dup", "drop", "here", "pad", "cell", "true", "x", ":", ";", "0", "-1", "1", "8",
        ])
        .collect();
    let numbers = [
        "0",
        "1",
        "-1",
        "7",
        "255",
        "4096",
        "-9223372036854775808",
        "9223372036854775807",
        "65536",
    ];
    let seed = std::env::var("ROBUST_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(0x9E37_79B9_7F4A_7C15);
    let mut rng = Rng(seed);
    let (mut forth, out) = Forth::for_test(b"");
    // A watchdog: a line that runs for more than two seconds is stopped as
    // Ctrl-C would stop it (random code can still build a loop, e.g. by
    // storing into BASE and then into the input buffer).
    let started = Arc::new(AtomicU64::new(0));
    let watch = started.clone();
    let epoch = Instant::now();
    std::thread::spawn(move || {
        loop {
            std::thread::sleep(Duration::from_millis(100));
            let t = watch.load(Ordering::Relaxed);
            if t != 0 && epoch.elapsed().as_millis() as u64 > t + 2000 {
                playforth::vm::INTERRUPT.store(true, Ordering::Relaxed);
                watch.store(0, Ordering::Relaxed);
            }
        }
    });
    for round in 0..4000 {
        let len = 1 + rng.below(12);
        let line: Vec<&str> = (0..len)
            .map(|_| {
                if rng.below(3) == 0 {
                    numbers[rng.below(numbers.len())]
                } else {
                    words[rng.below(words.len())]
                }
            })
            .collect();
        let line = line.join(" ");
        if std::env::var_os("ROBUST_TRACE").is_some() {
            eprintln!("{round}: {line}");
        }
        started.store(epoch.elapsed().as_millis() as u64 + 1, Ordering::Relaxed);
        let r =
            std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| forth.interpret_line(&line)));
        started.store(0, Ordering::Relaxed);
        assert!(r.is_ok(), "round {round}: `{line}` panicked");
        out.take();
        if forth.in_definition() && rng.below(2) == 0 {
            let _ = forth.interpret_line(";");
        }
    }
}
