//! Bad input never panics: random lines built from every built-in word,
//! numbers and addresses are interpreted, and whatever happens must come
//! back as Ok or as a Forth error, with the system still usable.

use playforth::Forth;

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

/// Words that could wait for input, loop forever, sleep or leave.
const SKIP: &[&str] = &[
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
        let r =
            std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| forth.interpret_line(&line)));
        assert!(r.is_ok(), "round {round}: `{line}` panicked");
        out.take();
        if forth.in_definition() && rng.below(2) == 0 {
            let _ = forth.interpret_line(";");
        }
    }
}
