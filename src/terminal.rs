//! The process's own stdin as a [`Console`], and the one rule for colours.
//!
//! Everything platform-specific is left to crates made for it, so the same
//! code runs on Linux, macOS and Windows: on a terminal, `crossterm` puts
//! it in raw mode and reads key presses (KEY, KEY?, and ACCEPT's small
//! line editor); from a pipe or a file, a thread reads stdin in pieces.
//! Either way a wait for input polls `INTERRUPT` (which `ctrlc` raises in
//! the binary), so Ctrl-C ends it, whatever the OS does with a blocked read.

use crate::error::{Res, USER_INTERRUPT};
use crate::host::Interrupt;
use crate::io::{Console, Line, Pieces, read_line_bounded};
use crossterm::event::{self, Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers};
use std::collections::VecDeque;
use std::io::{IsTerminal, Read, Write};
use std::sync::mpsc::{Receiver, RecvTimeoutError, TryRecvError, sync_channel};
use std::time::Duration;

/// How long one wait for input lasts before Ctrl-C is looked at again.
const NAP: Duration = Duration::from_millis(100);

/// Should text going to a stream be coloured? Only when the stream is a
/// terminal, `NO_COLOR` is unset or empty (no-color.org) and `TERM` is not
/// `dumb`. The REPL's colours and its error reports, and the script
/// runner's error reports all ask here.
pub fn colour_wanted(stream: &impl IsTerminal) -> bool {
    colour_rule(
        stream.is_terminal(),
        std::env::var_os("NO_COLOR").as_deref(),
        std::env::var_os("TERM").as_deref(),
    )
}

/// The rule behind [`colour_wanted`], on its three facts.
fn colour_rule(
    terminal: bool,
    no_color: Option<&std::ffi::OsStr>,
    term: Option<&std::ffi::OsStr>,
) -> bool {
    terminal && no_color.is_none_or(|v| v.is_empty()) && term.is_none_or(|t| t != "dumb")
}

/// The process's stdin: a terminal read key by key, or anything else read
/// by a thread in pieces.
pub(crate) struct StdConsole {
    /// Key presses, when stdin is a terminal.
    keys: Option<Keys>,
    /// Stdin as bytes: a pipe or a file, or a terminal that refused raw mode.
    piped: Piped,
    /// The rest of a line edited for READ-FILE on the terminal.
    typed: VecDeque<u8>,
}

impl Default for StdConsole {
    fn default() -> Self {
        Self::new()
    }
}

impl StdConsole {
    pub(crate) fn new() -> StdConsole {
        StdConsole {
            keys: std::io::stdin().is_terminal().then(Keys::default),
            piped: Piped::default(),
            typed: VecDeque::new(),
        }
    }

    /// The terminal's keys in raw mode, for as long as the guard lives; None
    /// when stdin is no terminal or raw mode cannot be had.
    fn raw_keys(&mut self) -> Option<(&mut Keys, RawMode)> {
        let keys = self.keys.as_mut()?;
        let raw = RawMode::enter()?;
        Some((keys, raw))
    }
}

impl Console for StdConsole {
    fn attach_interrupt(&mut self, irq: Interrupt) {
        if let Some(keys) = self.keys.as_mut() {
            keys.irq = irq.clone();
        }
        self.piped.irq = irq;
    }

    fn is_terminal(&self) -> bool {
        self.keys.is_some()
    }

    fn key(&mut self) -> Res<Option<u8>> {
        if let Some((keys, _raw)) = self.raw_keys() {
            return keys.byte();
        }
        let bytes = self.piped.fill()?;
        let b = bytes.first().copied();
        if b.is_some() {
            self.piped.consume(1);
        }
        Ok(b)
    }

    fn key_ready(&mut self) -> bool {
        match self.raw_keys() {
            Some((keys, _raw)) => keys.waiting(),
            None => self.piped.ready(),
        }
    }

    fn read_line(&mut self, max: usize) -> Res<Option<Line>> {
        match self.raw_keys() {
            Some((keys, _raw)) => keys.edit_line(max),
            None => {
                let irq = self.piped.irq.clone();
                read_line_bounded(&mut self.piped, max, &irq)
            }
        }
    }

    fn read(&mut self, buf: &mut [u8]) -> Res<usize> {
        if self.typed.is_empty()
            && let Some((keys, _raw)) = self.raw_keys()
            && let Some(line) = keys.edit_line(crate::parse::MAX_LINE)?
        {
            self.typed.extend(line.bytes);
            self.typed.push_back(b'\n');
        }
        if !self.typed.is_empty() {
            let n = buf.len().min(self.typed.len());
            for (b, x) in buf.iter_mut().zip(self.typed.drain(..n)) {
                *b = x;
            }
            return Ok(n);
        }
        let bytes = self.piped.fill()?;
        let n = buf.len().min(bytes.len());
        buf[..n].copy_from_slice(&bytes[..n]);
        self.piped.consume(n);
        Ok(n)
    }
}

/// Raw mode (no echo, no line editing, Ctrl-C a key) for as long as this
/// lives; dropping it restores the terminal on every way out, errors
/// included.
struct RawMode;

impl RawMode {
    fn enter() -> Option<RawMode> {
        crossterm::terminal::enable_raw_mode().ok().map(|_| RawMode)
    }
}

impl Drop for RawMode {
    fn drop(&mut self) {
        let _ = crossterm::terminal::disable_raw_mode();
    }
}

/// Key presses read from the terminal, as the bytes a terminal sends for
/// them (an arrow is its escape sequence, Ctrl-C is 3, Enter 13). Keys read
/// but not yet taken (by KEY?, or typed ahead in one burst) wait here.
#[derive(Default)]
struct Keys {
    waiting: VecDeque<Vec<u8>>,
    /// The system's Ctrl-C, polled while waiting for a key.
    irq: Interrupt,
}

impl Keys {
    /// The next key press; waits (in raw mode). None when the terminal
    /// cannot be read any more.
    fn next(&mut self) -> Res<Option<Vec<u8>>> {
        if let Some(k) = self.waiting.pop_front() {
            return Ok(Some(k));
        }
        loop {
            match event::poll(NAP) {
                Ok(true) => match event::read() {
                    Ok(e) => {
                        if let Some(k) = key_bytes(&e) {
                            return Ok(Some(k));
                        }
                    }
                    Err(_) => return Ok(None),
                },
                Ok(false) if self.irq.take() => return Err(USER_INTERRUPT),
                Ok(false) => {}
                Err(_) => return Ok(None),
            }
        }
    }

    /// KEY: one byte; the rest of a key of several bytes waits for the next KEY.
    fn byte(&mut self) -> Res<Option<u8>> {
        let Some(mut k) = self.next()? else {
            return Ok(None);
        };
        let first = k.remove(0);
        if !k.is_empty() {
            self.waiting.push_front(k);
        }
        Ok(Some(first))
    }

    /// KEY?: is a key press there (events that are not key presses, such
    /// as a resized window, are passed over)?
    fn waiting(&mut self) -> bool {
        if !self.waiting.is_empty() {
            return true;
        }
        while let Ok(true) = event::poll(Duration::ZERO) {
            match event::read() {
                Ok(e) => {
                    if let Some(k) = key_bytes(&e) {
                        self.waiting.push_back(k);
                        return true;
                    }
                }
                Err(_) => return false,
            }
        }
        false
    }

    /// A line typed at the terminal (ACCEPT, REFILL, READ-LINE on stdin),
    /// edited as in a plain terminal: keys are echoed, Backspace erases the
    /// last character, Ctrl-U the line; Enter ends it; Ctrl-C throws -28;
    /// Ctrl-D on an empty line is the end of input. Keys past `max` bytes
    /// are refused; other control keys and function keys are ignored.
    fn edit_line(&mut self, max: usize) -> Res<Option<Line>> {
        let mut line = Vec::new();
        loop {
            let Some(key) = self.next()? else {
                return Ok((!line.is_empty()).then_some(Line {
                    bytes: line,
                    cut: false,
                }));
            };
            match key.as_slice() {
                [b'\r'] | [b'\n'] => {
                    echo(b"\r\n");
                    return Ok(Some(Line {
                        bytes: line,
                        cut: false,
                    }));
                }
                [3] => {
                    echo(b"^C\r\n");
                    return Err(USER_INTERRUPT);
                }
                [4] if line.is_empty() => return Ok(None),
                [0x7f] | [8] if erase_char(&mut line) => echo(b"\x08 \x08"),
                [0x15] => {
                    while erase_char(&mut line) {
                        echo(b"\x08 \x08");
                    }
                }
                [c, ..] if *c < 0x20 || *c == 0x7f => {}
                text if line.len() + text.len() <= max => {
                    line.extend_from_slice(text);
                    echo(text);
                }
                _ => {}
            }
        }
    }
}

/// Show what the line editor does. The terminal is ours while a line is
/// typed; if it cannot be written, the line is still read.
fn echo(bytes: &[u8]) {
    let mut out = std::io::stdout();
    let _ = out.write_all(bytes);
    let _ = out.flush();
}

/// Take the last character (all its UTF-8 bytes) off a line; false if empty.
fn erase_char(line: &mut Vec<u8>) -> bool {
    let Some(i) = line.iter().rposition(|&b| b & 0xc0 != 0x80) else {
        let had = !line.is_empty();
        line.clear();
        return had;
    };
    line.truncate(i);
    true
}

/// The bytes a terminal sends for a key press; None for anything that is
/// not a key press (a release, a resize, focus) or a key with no bytes.
fn key_bytes(e: &Event) -> Option<Vec<u8>> {
    let Event::Key(KeyEvent {
        code,
        modifiers,
        kind,
        ..
    }) = e
    else {
        return None;
    };
    if *kind == KeyEventKind::Release {
        return None;
    }
    let mut bytes = match *code {
        KeyCode::Char(c) if modifiers.contains(KeyModifiers::CONTROL) => match control(c) {
            Some(b) => vec![b],
            None => c.to_string().into_bytes(),
        },
        KeyCode::Char(c) => c.to_string().into_bytes(),
        KeyCode::Enter => vec![b'\r'],
        KeyCode::Tab => vec![b'\t'],
        KeyCode::Backspace => vec![0x7f],
        KeyCode::Esc => vec![0x1b],
        KeyCode::Null => vec![0],
        other => {
            let seq = match other {
                KeyCode::Up => "[A".to_string(),
                KeyCode::Down => "[B".to_string(),
                KeyCode::Right => "[C".to_string(),
                KeyCode::Left => "[D".to_string(),
                KeyCode::Home => "[H".to_string(),
                KeyCode::End => "[F".to_string(),
                KeyCode::BackTab => "[Z".to_string(),
                KeyCode::Insert => "[2~".to_string(),
                KeyCode::Delete => "[3~".to_string(),
                KeyCode::PageUp => "[5~".to_string(),
                KeyCode::PageDown => "[6~".to_string(),
                KeyCode::F(n @ 1..=4) => format!("O{}", (b'P' + n - 1) as char),
                KeyCode::F(n @ 5..=12) => {
                    format!("[{}~", [15, 17, 18, 19, 20, 21, 23, 24][n as usize - 5])
                }
                _ => return None,
            };
            format!("\x1b{seq}").into_bytes()
        }
    };
    if modifiers.contains(KeyModifiers::ALT) {
        bytes.insert(0, 0x1b);
    }
    Some(bytes)
}

/// The control character Ctrl and this key make (Ctrl-C is 3), if any.
fn control(c: char) -> Option<u8> {
    match c {
        'a'..='z' | 'A'..='Z' | '@' | '[' | '\\' | ']' | '^' | '_' => {
            Some(c.to_ascii_uppercase() as u8 & 0x1f)
        }
        ' ' | '2' => Some(0),
        '3'..='7' => Some(c as u8 - b'3' + 0x1b),
        '8' | '?' => Some(0x7f),
        _ => None,
    }
}

/// Stdin read by a thread into pieces of at most `PIECE` bytes, one at a
/// time, so a wait can end on Ctrl-C and memory stays small however much
/// comes. The thread starts at the first read; when a wait is given up the
/// thread goes on waiting, and what it reads comes next.
#[derive(Default)]
struct Piped {
    /// The system's Ctrl-C, polled while waiting for a piece.
    irq: Interrupt,
    pieces: Option<Receiver<Vec<u8>>>,
    piece: Vec<u8>,
    used: usize,
    ended: bool,
}

const PIECE: usize = 1 << 16;

impl Piped {
    fn pieces(&mut self) -> &Receiver<Vec<u8>> {
        self.pieces.get_or_insert_with(|| {
            let (tx, rx) = sync_channel(1);
            // If no thread can be had, the sender is dropped: end of input.
            let _ = std::thread::Builder::new()
                .name("stdin".into())
                .spawn(move || {
                    let mut stdin = std::io::stdin();
                    loop {
                        let mut piece = vec![0; PIECE];
                        match stdin.read(&mut piece) {
                            Ok(0) => return,
                            Ok(n) => {
                                piece.truncate(n);
                                if tx.send(piece).is_err() {
                                    return;
                                }
                            }
                            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                            // Unreadable (closed) stdin is the end of input.
                            Err(_) => return,
                        }
                    }
                });
            rx
        })
    }

    /// Is a byte there without waiting (or the end of input)?
    fn ready(&mut self) -> bool {
        if self.used < self.piece.len() || self.ended {
            return true;
        }
        match self.pieces().try_recv() {
            Ok(p) => {
                self.piece = p;
                self.used = 0;
                true
            }
            Err(TryRecvError::Empty) => false,
            Err(TryRecvError::Disconnected) => {
                self.ended = true;
                true
            }
        }
    }
}

impl Pieces for Piped {
    fn fill(&mut self) -> Res<&[u8]> {
        while self.used == self.piece.len() && !self.ended {
            match self.pieces().recv_timeout(NAP) {
                Ok(p) => {
                    self.piece = p;
                    self.used = 0;
                }
                Err(RecvTimeoutError::Timeout) => {
                    if self.irq.take() {
                        return Err(USER_INTERRUPT);
                    }
                }
                Err(RecvTimeoutError::Disconnected) => self.ended = true,
            }
        }
        Ok(&self.piece[self.used..])
    }

    fn consume(&mut self, n: usize) {
        self.used = (self.used + n).min(self.piece.len());
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::ffi::OsStr;

    #[test]
    fn colours_only_on_a_terminal_without_no_color_or_dumb() {
        let s = |v: &'static str| Some(OsStr::new(v));
        assert!(colour_rule(true, None, s("xterm-256color")));
        assert!(colour_rule(true, s(""), None));
        assert!(!colour_rule(false, None, s("xterm")));
        assert!(!colour_rule(true, s("1"), s("xterm")));
        assert!(!colour_rule(true, None, s("dumb")));
    }

    #[test]
    fn keys_are_the_bytes_a_terminal_sends() {
        let key = |code, modifiers| {
            key_bytes(&Event::Key(KeyEvent::new(code, modifiers))).unwrap_or_default()
        };
        let none = KeyModifiers::NONE;
        let ctrl = KeyModifiers::CONTROL;
        assert_eq!(key(KeyCode::Char('a'), none), b"a");
        assert_eq!(key(KeyCode::Char('é'), none), "é".as_bytes());
        assert_eq!(key(KeyCode::Char('c'), ctrl), [3]);
        assert_eq!(key(KeyCode::Char('d'), ctrl), [4]);
        assert_eq!(key(KeyCode::Enter, none), [13]);
        assert_eq!(key(KeyCode::Up, none), b"\x1b[A");
        assert_eq!(key(KeyCode::F(1), none), b"\x1bOP");
        assert_eq!(key(KeyCode::F(12), none), b"\x1b[24~");
        assert_eq!(key(KeyCode::Char('x'), KeyModifiers::ALT), b"\x1bx");
        let release = KeyEvent::new_with_kind(KeyCode::Char('a'), none, KeyEventKind::Release);
        assert_eq!(key_bytes(&Event::Key(release)), None);
        assert_eq!(key_bytes(&Event::Resize(80, 24)), None);
    }

    #[test]
    fn erasing_takes_a_whole_character() {
        let mut line = "aé".as_bytes().to_vec();
        assert!(erase_char(&mut line));
        assert_eq!(line, b"a");
        assert!(erase_char(&mut line));
        assert!(!erase_char(&mut line));
    }
}
