//! # playforth
//!
//! A Forth-2012 system for learning stack programming by writing games.
//!
//! The pipeline, one module per stage:
//!
//! - [`lexer`] finds the next blank-delimited token in the input line;
//! - [`interp`] is the outer interpreter: the input stream (SOURCE, >IN,
//!   REFILL, EVALUATE, INCLUDED), number conversion, interpret or compile;
//! - [`compiler`] appends [`instr::Instr`]s to the code space: colon
//!   definitions, control structures, locals;
//! - [`vm`] holds the machine state and runs compiled code (the inner
//!   interpreter), with CATCH/THROW;
//! - [`memory`] is the checked, byte-addressed data space and heap;
//! - [`dictionary`] keeps word headers, word lists and the search order;
//! - [`words`] declares every built-in word once, by family;
//! - [`error`] turns throw codes into reports with locations;
//! - [`system`] builds a system and is the host API used by the REPL,
//!   the script runner and the tests.
//!
//! Nothing here prints to the terminal or exits the process: output goes
//! to an injected writer, and only `main.rs` and the REPL talk to the user.

pub mod code;
pub mod compiler;
pub mod dictionary;
pub mod error;
pub mod glossary;
pub mod input;
pub mod instr;
pub mod interp;
pub mod io;
pub mod lexer;
pub mod memory;
pub mod system;
pub mod teach;
pub mod vm;
pub mod words;

pub use error::{ForthError, Throw};
pub use system::Outcome;
pub use vm::Forth;
