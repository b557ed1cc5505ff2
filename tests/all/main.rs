//! The integration tests, one module per subject, built as ONE test binary
//! (linking one binary instead of one per file is most of what `cargo test`
//! costs on two cores). `tests/referee.rs`, the contest referee's tests,
//! stays a binary of its own.
//!
//! All modules share one process and run on parallel threads: a test that
//! raises the process-wide `playforth::INTERRUPT` (Ctrl-C) runs alone in a
//! child process of this binary (`common::alone_in_a_child`), so it can
//! neither stop nor be stopped by another test's Forth.

mod common;

mod architecture;
mod blog;
mod cases;
mod cli;
mod coretest;
mod corpus;
mod docs;
mod effects;
mod float;
mod fuzz_corpus;
mod games;
mod help_examples;
mod host;
mod learn;
mod reference;
mod robustness;
mod see_roundtrip;
mod terminal;
