//! # playforth
//!
//! A Forth-2012 system for learning stack programming by writing games.
//!
//! The modules (all crate-private unless named below) form layers, each
//! using only the ones under it; ARCHITECTURE.md draws them and has a
//! paragraph per module. In short: leaves (`throw`, the table of throw
//! codes; `error`, `lexer`, `instr`, `effect`, `code`, `memory`, `stacks`, `io`, `number`, `dictionary`,
//! `input`, `host`), then `kernel` (the [`Forth`] struct: the machine and
//! the parts around it), then the functions over a system — `parse`,
//! `infer`, `see`, `compiler`, `interp`, `teach`, the word families in
//! `words`, `report` — and at the top `vm` (the inner interpreter),
//! `system` (the host API) and `learn` (the course).
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
//!   `run_code`, `run_stdin`, `set_args`, `set_seed`, `set_interrupt`,
//!   `interrupt`, `set_clock`, `set_tutor`, `trace_name`,
//!   `in_definition`, `ok_stack`, `repl_words`, `word_info` (what `help`
//!   knows about a word), `output_failed`,
//!   `output_closed`, `end_output_line`, `base`; and, for tests and fuzzing, the data stack
//!   (`push`, `pop`, `depth`, `stack`), `execute` of an execution token,
//!   and `reset_after_error`;
//! - what those return: [`Outcome`], [`ForthError`] (with [`Location`]
//!   and [`Hints`], and its text as pieces tagged with their [`Part`]) and
//!   [`Throw`], with the named codes and their messages in [`throw`];
//! - the host services a system is given: [`Interrupt`] (its Ctrl-C,
//!   raised from a signal handler or another thread), [`Clock`] (with
//!   [`SystemClock`] and [`NoWaitClock`]), [`Tutor`] (the course);
//! - [`colour_wanted`], the one rule for colouring a stream (a terminal,
//!   no `NO_COLOR`, `TERM` not `dumb`);
//! - the table of built-in words: [`all_specs`], [`Spec`], [`WordSet`],
//!   and the generated [`glossary`];
//! - the guided course in [`learn`] (lessons, the checker, `Course`, the
//!   `Tutor` a host installs with `Forth::set_tutor`);
//! - the REPL's helpers in [`teach`] (what it knows about words) and
//!   [`repl_line`] (colours, completion, hints and unfinished input on the
//!   line being typed), with [`next_token`] / [`Token`] and
//!   [`parse_number`] / [`Number`], the tokens and numbers they see, and
//!   [`vocab`], the words that parse or build structures (with
//!   [`closer_of`], what closes a control structure);
//! - `cli_docs` (hidden from the docs), the binaries' `--completions` and
//!   `--man`, generated from their clap definitions;
//! - [`layout`], the data space addresses tests and the fuzzer probe;
//! - [`drawing`], what the turtle words draw: [`Drawing`] (the bounded
//!   display list of [`Op`]s, the [`Turtle`], `mark`/`since` for a host
//!   that shows it as it grows, `to_svg`), read with `Forth::drawing`;
//! - [`fivestep`], the five-step game's rules (legal paths, `check_path`,
//!   `play`, square names), which the game words, the tests and the contest
//!   referee (`src/bin/playforth-referee`) share; [`reach_mask`] is
//!   re-exported from it;
//! - [`picture`], the board picture a game describes for a page to draw
//!   ([`Picture`] and its parts, read with `Forth::picture` and
//!   `Forth::picture_generation`).

#![deny(unsafe_code)]

/// A text compiled into the program (an `include_str!`, a constant),
/// kept in the read-only section `$section`, one copy however many places
/// use it (a constant's text is copied into each codegen unit using it):
/// `.rodata.startup.*` for text every start-up reads (the prelude), which
/// `src/startup.ld` lays out with start-up's other data, `.rodata.cold`
/// for text start-up never reads (the example games, the lessons, the
/// words' descriptions), laid out after the rest (ARCHITECTURE.md, "Peak
/// memory"). Another linker puts both with the other read-only data;
/// other systems than Linux keep the text with it too.
/// (Exported for the binary's own texts: the server's page.)
#[doc(hidden)]
#[macro_export]
macro_rules! text_in_section {
    ($section:literal, $text:expr) => {{
        const TEXT: &str = $text;
        // A section of our own naming, read-only like the rest of the
        // program's constant data: no code and nothing written is in it.
        // (Linux only: a Mach-O section is named otherwise, and the
        // layout script is for Linux.)
        #[allow(unsafe_code)]
        #[cfg_attr(target_os = "linux", unsafe(link_section = $section))]
        static BYTES: [u8; TEXT.len()] = $crate::text_bytes(TEXT);
        match ::core::str::from_utf8(&BYTES) {
            Ok(text) => text,
            Err(_) => panic!("not UTF-8"),
        }
    }};
}

/// The bytes of `text`, for [`text_in_section!`]'s static.
#[doc(hidden)]
pub const fn text_bytes<const N: usize>(text: &str) -> [u8; N] {
    let mut bytes = [0u8; N];
    bytes.copy_from_slice(text.as_bytes());
    bytes
}

mod bundled;
/// The binaries' `--completions` and `--man` (not part of the Forth system).
#[doc(hidden)]
pub mod cli_docs;
mod code;
mod compiler;
mod dictionary;
pub mod drawing;
mod effect;
mod error;
pub mod fivestep;
pub mod glossary;
mod host;
mod infer;
mod input;
mod instr;
mod interp;
mod io;
mod jit;
mod kernel;
pub mod learn;
mod lexer;
mod memory;
mod number;
mod parse;
pub mod picture;
mod prelude;
mod reference;
pub mod repl_line;
mod report;
mod see;
mod snapshot;
mod stacks;
mod system;
pub mod teach;
mod terminal;
pub mod throw;
mod undo;
mod vm;
pub mod vocab;
mod words;

pub use drawing::{Drawing, Op, Turtle};
pub use error::{ForthError, Hints, Location, Part, Throw, wrap, wrap_note};
pub use fivestep::reach_mask;
pub use host::{Clock, NoWaitClock, PictureHook, SystemClock, Tutor};
pub use io::Interrupt;
pub use io::{Console, Line, ScriptedConsole, SharedBuf};
pub use kernel::{Forth, MAX_TRACE_STEPS, TraceStep};
pub use lexer::{Token, first_token, is_blank, next_token, token_len, words as tokens};
pub use number::parse_float;
pub use parse::{Number, parse_number};
pub use picture::{Choice, Click, Ground, LastMove, Move, Picture, Piece, Square};
pub use system::Outcome;
pub use terminal::colour_wanted;
pub use vocab::closer_of;
pub use words::{Spec, WordSet, all_specs};

/// Addresses in the data space, for hosts that probe memory (the effects
/// test, the fuzz harness).
pub mod layout {
    pub use crate::memory::{DICT_START, GUARD_END, HEAP_START, MEM_SIZE, PAD_ADDR};
}
