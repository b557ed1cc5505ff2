//! The host part of a system: everything a Forth system needs from the
//! world outside it — where output goes, the console it reads keys and
//! lines from, its open files, its command-line arguments, its clock — in
//! one injected part, so a test, the course's checker or a server gives
//! each system its own.

use crate::error::{Res, USER_INTERRUPT};
pub(crate) use crate::io::Interrupt;
use crate::io::{Console, FileTable, Out};
use std::collections::HashMap;
use std::io::Write;
use std::time::{Duration, Instant};

/// Where a system gets the time and waits: MS, UTIME, TIME&DATE.
pub trait Clock {
    /// Microseconds since 1970 (UTIME).
    fn micros_since_epoch(&self) -> i128 {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_micros() as i128)
    }
    /// Wait `ms` milliseconds; `irq` raised ends the wait with -28.
    fn sleep(&self, ms: u64, irq: &Interrupt) -> Res<()>;
}

/// The real clock: MS waits, in short naps so Ctrl-C ends a long wait.
pub struct SystemClock;

impl Clock for SystemClock {
    fn sleep(&self, ms: u64, irq: &Interrupt) -> Res<()> {
        let end = Instant::now() + Duration::from_millis(ms);
        loop {
            if irq.take() {
                return Err(USER_INTERRUPT);
            }
            let left = end.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return Ok(());
            }
            std::thread::sleep(left.min(Duration::from_millis(20)));
        }
    }
}

/// A clock whose waits end at once (a course check replays a session
/// without its pauses).
pub struct NoWaitClock;

impl Clock for NoWaitClock {
    fn sleep(&self, _ms: u64, irq: &Interrupt) -> Res<()> {
        if irq.take() {
            return Err(USER_INTERRUPT);
        }
        Ok(())
    }
}

/// The guided course, as the course words (`learn`, `check`, `hint` …)
/// reach it: a service the host gives a system (`Forth::set_tutor`).
/// `learn::Course` is the one playforth has; it runs its checks in
/// systems of its own.
pub trait Tutor {
    /// Open a lesson (by number or name; None: where the learner was).
    fn learn(&mut self, which: Option<&str>) -> Result<String, String>;
    /// The lessons, with the open one and those passed marked.
    fn list(&mut self) -> String;
    /// Check the open lesson's exercise against what was typed so far.
    fn check(&mut self) -> String;
    fn hint(&mut self) -> String;
    fn solution(&mut self) -> String;
    fn next(&mut self) -> String;
    /// Remember a line typed at the REPL, for checks to replay.
    fn record(&mut self, input: &str);
    /// The line recorded last was stopped with Ctrl-C.
    fn mark_interrupted(&mut self);
    /// Forget the last `n` lines recorded: `undo` took them back.
    fn forget_last(&mut self, n: usize);
    /// The system's Ctrl-C, which also stops a check.
    fn attach_interrupt(&mut self, irq: Interrupt);
}

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
    /// ARGV's array of the arguments' addresses (0 until ARGV runs), and
    /// the arguments it was made for.
    pub(crate) argv: (i64, Vec<String>),
    /// Time and waiting.
    pub(crate) clock: Box<dyn Clock>,
    /// Ctrl-C for this system.
    pub(crate) interrupt: Interrupt,
    /// The guided course, if this system has one.
    pub(crate) tutor: Option<Box<dyn Tutor>>,
    /// The width the system's own notes are wrapped to (the terminal's,
    /// at the REPL); 0 leaves them one line each.
    pub(crate) note_width: usize,
    /// Told of each board picture as SHOW-PICTURE publishes it (a page
    /// draws the board while the game still runs, waiting for a move).
    pub(crate) on_picture: Option<PictureHook>,
}

/// What a host hears a board picture with (`Forth::set_picture_hook`).
pub type PictureHook = Box<dyn FnMut(&crate::picture::Picture)>;

impl Host {
    pub(crate) fn new(
        out: Box<dyn Write>,
        diag: Box<dyn Write>,
        mut console: Box<dyn Console>,
    ) -> Host {
        let interrupt = Interrupt::new();
        console.attach_interrupt(interrupt.clone());
        Host {
            out: Out::new(out),
            diag,
            console,
            files: FileTable::default(),
            args: vec!["playforth".into()],
            on_picture: None,
            arg_addrs: HashMap::new(),
            argv: (0, Vec::new()),
            clock: Box::new(SystemClock),
            interrupt,
            tutor: None,
            note_width: 0,
        }
    }

    /// Write one of the system's own notes or warnings to `diag`: a line
    /// (or lines), wrapped at blanks to `note_width`. What a program
    /// writes to stderr never comes this way.
    pub(crate) fn note(&mut self, text: &str) {
        let mut s = crate::error::wrap_note(text, self.note_width);
        s.push('\n');
        let _ = self.diag.write_all(s.as_bytes());
    }

    /// Use `irq` as this system's Ctrl-C (and its console's).
    pub(crate) fn set_interrupt(&mut self, irq: Interrupt) {
        self.console.attach_interrupt(irq.clone());
        if let Some(t) = self.tutor.as_mut() {
            t.attach_interrupt(irq.clone());
        }
        self.interrupt = irq;
    }
}
