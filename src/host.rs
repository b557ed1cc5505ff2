//! The host part of a system: everything a Forth system needs from the
//! world outside it — where output goes, the console it reads keys and
//! lines from, its open files, its command-line arguments, its clock — in
//! one injected part, so a test, the course's checker or a server gives
//! each system its own.

use crate::io::{Console, FileTable, Out};
use std::collections::HashMap;
use std::io::Write;

/// The world outside one system.
pub(crate) struct Host {
    /// Where TYPE, EMIT and the rest write (stdout by default).
    pub(crate) out: Out,
    /// Where warnings and notes go (stderr by default).
    pub(crate) diag: Box<dyn Write>,
    /// Keys and lines in (KEY, KEY?, ACCEPT).
    pub(crate) console: Box<dyn Console>,
    /// The open-file table (file ids 0..2 are the standard streams).
    pub(crate) files: FileTable,
    /// The command line (ARGC, ARG, NEXT-ARG); `args[0]` is the program.
    pub(crate) args: Vec<String>,
    /// Where each command-line argument was copied for ARG and NEXT-ARG.
    pub(crate) arg_addrs: HashMap<String, i64>,
}

impl Host {
    pub(crate) fn new(
        out: Box<dyn Write>,
        diag: Box<dyn Write>,
        console: Box<dyn Console>,
    ) -> Host {
        Host {
            out: Out::new(out),
            diag,
            console,
            files: FileTable::default(),
            args: vec!["playforth".into()],
            arg_addrs: HashMap::new(),
        }
    }
}
