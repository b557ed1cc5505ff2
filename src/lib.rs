//! # playforth
//!
//! A Forth-2012 system for learning stack programming by writing games.
//!
//! The pipeline, one module per stage (all crate-private):
//!
//! - `input` is where the interpreter reads: the stack of input sources,
//!   the texts kept for error messages, the token being interpreted;
//! - `lexer` finds the next blank-delimited token in the input line;
//! - `interp` is the outer interpreter: SOURCE, >IN, REFILL, PARSE,
//!   EVALUATE, INCLUDED, number conversion, interpret or compile;
//! - `compiler` holds the compiler's state (the definition being made, its
//!   DO loops and locals) and appends instructions: colon definitions,
//!   control structures, locals;
//! - `effect` infers a definition's stack effect at `;` and checks its
//!   stack comment;
//! - `code` is the code space: the `instr::Instr`s, their source positions
//!   and the locals' names, cut back together;
//! - `vm` holds the machine (`Forth`) and runs compiled code (the inner
//!   interpreter), with CATCH/THROW;
//! - `memory` is the checked, byte-addressed data space and heap;
//! - `dictionary` keeps word headers, word lists and the search order;
//! - `see` decompiles a word back into Forth source (SEE);
//! - `reference` finds a built-in game word's rule in Forth (SEE shows it);
//! - `words` declares every built-in word once, by family;
//! - `error` turns throw codes into reports with locations;
//! - `system` builds a system and is the host API;
//! - `io` holds the console trait, the output writer and the open files,
//!   and `terminal` the process's own stdin (a terminal through crossterm,
//!   a pipe through a reader thread) and the rule for colours.
//!
//! Nothing here prints to the terminal or exits the process: output goes
//! to an injected writer, and only `main.rs` and the REPL talk to the user.
//!
//! ## The public API
//!
//! What the binaries (`main.rs`, `repl.rs`, the referee), the integration
//! tests and the fuzz harness use, and nothing else:
//!
//! - [`Forth`], built by [`Forth::new`], [`Forth::with_io`] (with a
//!   [`Console`], such as a [`ScriptedConsole`]) or [`Forth::for_test`]
//!   (output into a [`SharedBuf`]), and driven by the host methods in
//!   `system.rs`: `interpret_line`, `interpret_input`, `run_file`,
//!   `run_code`, `run_stdin`, `set_args`, `set_seed`, `trace_name`,
//!   `in_definition`, `ok_stack`, `repl_words`, `word_info` (what `help`
//!   knows about a word), `output_failed`,
//!   `output_closed`, `end_output_line`, `base`; and, for tests and fuzzing, the data stack
//!   (`push`, `pop`, `depth`, `stack`), `execute` of an execution token,
//!   and `reset_after_error`;
//! - what those return: [`Outcome`], [`ForthError`] (with [`Location`]
//!   and [`Hints`]) and [`Throw`];
//! - [`INTERRUPT`], the flag Ctrl-C raises ([`raise_interrupt`] raises it);
//! - [`colour_wanted`], the one rule for colouring a stream (a terminal,
//!   no `NO_COLOR`, `TERM` not `dumb`);
//! - the table of built-in words: [`all_specs`], [`Spec`], [`WordSet`],
//!   and the generated [`glossary`];
//! - the guided course in [`learn`] (lessons, the checker), with
//!   `Forth::set_lessons` and `Forth::set_progress_file`;
//! - the REPL's helpers in [`teach`] (what it knows about words) and
//!   [`repl_line`] (colours, completion, hints and unfinished input on the
//!   line being typed), with [`next_token`] / [`Token`] and
//!   [`parse_number`] / [`Number`], the tokens and numbers they see, and
//!   [`closer_of`], what closes a control structure;
//! - `cli_docs` (hidden from the docs), the binaries' `--completions` and
//!   `--man`, generated from their clap definitions;
//! - [`layout`], the data space addresses tests and the fuzzer probe;
//! - [`fivestep`], the five-step game's rules (legal paths, `check_path`,
//!   `play`, square names), which the game words, the tests and the contest
//!   referee (`src/bin/playforth-referee`) share; [`reach_mask`] is
//!   re-exported from it.

#![deny(unsafe_code)]

mod bundled;
/// The binaries' `--completions` and `--man` (not part of the Forth system).
#[doc(hidden)]
pub mod cli_docs;
mod code;
mod compiler;
mod dictionary;
mod effect;
mod error;
pub mod fivestep;
pub mod glossary;
mod input;
mod instr;
mod interp;
mod io;
pub mod learn;
mod lexer;
mod memory;
mod reference;
pub mod repl_line;
mod see;
mod stacks;
mod system;
pub mod teach;
mod terminal;
mod vm;
mod words;

pub use compiler::closer_of;
pub use error::{ForthError, Hints, Location, Throw};
pub use fivestep::reach_mask;
pub use interp::{Number, parse_number};
pub use io::{Console, Line, ScriptedConsole, SharedBuf};
pub use lexer::{Token, first_token, is_blank, next_token, token_len, words as tokens};
pub use system::Outcome;
pub use terminal::colour_wanted;
pub use vm::{Forth, INTERRUPT, raise_interrupt};
pub use words::float::parse_float;
pub use words::{Spec, WordSet, all_specs};

/// Addresses in the data space, for hosts that probe memory (the effects
/// test, the fuzz harness).
pub mod layout {
    pub use crate::memory::{DICT_START, GUARD_END, HEAP_START, MEM_SIZE, PAD_ADDR};
}
