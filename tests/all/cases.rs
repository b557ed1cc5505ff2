//! Case files: each `tests/cases/<group>/<name>.fs` shows one behaviour.
//! The file is fed to a fresh system line by line, as if typed at the
//! REPL, and the transcript (each line, its output, ` ok` and the stack, or
//! the error report) is compared with its insta snapshot.
//!
//! A case may start with `\ stdin: TEXT` lines; their TEXT (with `\n` for a
//! line break, `\xNN` for a byte) is what KEY and ACCEPT will read.

use crate::common::transcript;

#[test]
fn cases() {
    insta::glob!("..", "cases/**/*.fs", |path| {
        let source = std::fs::read_to_string(path).expect("case file");
        insta::assert_snapshot!(transcript(&source));
    });
}
