//! The integration tests, one module per subject, built as ONE test binary
//! (linking one binary instead of one per file is most of what `cargo test`
//! costs on two cores). `tests/referee.rs`, the contest referee's tests,
//! stays a binary of its own.
//!
//! All modules share one process and run on parallel threads. Each Forth
//! system has its own Ctrl-C (`Forth::interrupt`), so a test that presses
//! it stops only its own; the fuzz corpus replays, whose harness shares one
//! interrupt among its systems, run alone in a child process of this
//! binary (`common::alone_in_a_child`).

mod common;

mod architecture;
mod blog;
mod browser;
mod cases;
mod classroom;
mod cli;
mod comment_corpus;
mod coretest;
mod corpus;
mod docs;
mod effects;
mod float;
mod fuzz_corpus;
mod games;
mod games_pictures;
mod help_examples;
mod host;
mod layout;
mod learn;
mod library;
mod package;
mod reference;
mod robustness;
mod see_roundtrip;
mod serve;
mod serve_load;
mod terminal;
mod turtle;
mod undo;
