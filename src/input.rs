//! Where the interpreter is reading: the stack of input sources, the texts
//! kept for error messages, the token being interpreted, and the files
//! included so far.
//!
//! [`Input`] owns these and keeps their rules: the terminal (or stdin)
//! source at the bottom is never popped, a nested source saves the >IN of
//! the one it interrupts, line numbers follow the recorded text, and the
//! kept text stays within its bounds. What lives in data space (the line
//! itself, >IN) is written by the outer interpreter (`interp.rs`).

use crate::code::Pos;
use crate::error::Location;
use crate::memory::{TIB_LEVELS, TIB_SIZE, TIB_START};
use std::path::{Path, PathBuf};

/// How much of the terminal's or stdin's past input is kept for error
/// messages (the newest lines; older ones are forgotten).
pub(crate) const KEPT_INPUT: usize = 1 << 20;
/// Texts kept at once (each file included, each -e), and their bytes.
pub(crate) const MAX_SOURCES: usize = 1 << 16;
pub(crate) const MAX_KEPT_SOURCE_BYTES: usize = 256 << 20;

/// Text the interpreter has read, kept for error messages: one buffer with
/// the lines end to end, each ended by a newline, and where each starts.
#[derive(Clone, Debug)]
pub(crate) struct SourceText {
    pub(crate) name: String,
    text: Vec<u8>,
    /// Offsets in `text` of each kept line's start, and of its end.
    starts: Vec<u32>,
    /// Lines forgotten from the front (the terminal keeps only a tail).
    dropped: usize,
}

impl SourceText {
    /// An empty text that lines are added to (the terminal, stdin).
    pub(crate) fn new(name: &str) -> SourceText {
        SourceText {
            name: name.to_string(),
            text: Vec::new(),
            starts: vec![0],
            dropped: 0,
        }
    }

    /// A whole text (a file, -e code); a missing last newline is added.
    pub(crate) fn from_text(name: &str, mut text: Vec<u8>) -> SourceText {
        if !text.is_empty() && !text.ends_with(b"\n") {
            text.push(b'\n');
        }
        let mut starts = vec![0];
        starts.extend(memchr::memchr_iter(b'\n', &text).map(|i| (i + 1) as u32));
        SourceText {
            name: name.to_string(),
            text,
            starts,
            dropped: 0,
        }
    }

    /// Lines so far, forgotten ones included.
    pub(crate) fn len(&self) -> usize {
        self.dropped + self.starts.len() - 1
    }

    /// Line `n` (from 0) without its line ending, if it is still kept.
    pub(crate) fn line(&self, n: usize) -> Option<&[u8]> {
        let k = n.checked_sub(self.dropped)?;
        let (&from, &to) = (self.starts.get(k)?, self.starts.get(k + 1)?);
        let l = &self.text[from as usize..to as usize - 1];
        Some(l.strip_suffix(b"\r").unwrap_or(l))
    }

    /// Add a line at the end.
    pub(crate) fn push_line(&mut self, line: &[u8]) {
        self.text.extend_from_slice(line);
        self.text.push(b'\n');
        self.starts.push(self.text.len() as u32);
    }

    /// Forget the oldest lines while more than `max` bytes are kept
    /// (down to half of it, so this is cheap on average).
    pub(crate) fn keep_tail(&mut self, max: usize) {
        if self.text.len() <= max {
            return;
        }
        let end = self.text.len();
        let k = self
            .starts
            .iter()
            .position(|&s| end - s as usize <= max / 2)
            .unwrap_or(self.starts.len() - 1);
        let off = self.starts[k];
        self.text.drain(..off as usize);
        self.starts.drain(..k);
        for s in &mut self.starts {
            *s -= off;
        }
        self.dropped += k;
    }

    /// Forget every line (the lines already counted stay counted).
    pub(crate) fn clear(&mut self) {
        self.dropped = self.len();
        self.text.clear();
        self.starts = vec![0];
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum SourceKind {
    /// Lines handed in one at a time by the host (REPL); REFILL reads the console.
    Terminal,
    /// Lines read from the console as needed (`playforth < prog.fs`).
    Stdin,
    /// Lines of a text kept in `sources` (files, -e code).
    Text { next: usize },
    /// An EVALUATEd string, in place in data space.
    Evaluate,
}

/// One source being read: its line sits in data space at `buf`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Source {
    pub(crate) kind: SourceKind,
    /// The line's address and length (SOURCE).
    pub(crate) buf: i64,
    pub(crate) len: i64,
    /// This source's >IN while a nested source is being read.
    pub(crate) saved_in: i64,
    /// The line's number (from 1) in its text.
    pub(crate) line: u32,
    /// The text it belongs to (an index in `Input`'s kept texts).
    pub(crate) src: u32,
    pub(crate) source_id: i64,
}

pub(crate) struct Input {
    /// The sources being read, the innermost last; never empty.
    stack: Vec<Source>,
    /// Texts kept for error messages, by `Source::src`; 0 is what was
    /// typed at the terminal (or read from stdin).
    texts: Vec<SourceText>,
    /// Position of the token the outer interpreter is working on.
    token_pos: Pos,
    token_name: String,
    /// Every file INCLUDED so far (canonical paths), for REQUIRED.
    included: Vec<PathBuf>,
    /// The file run as the main script (for SCRIPT?).
    pub(crate) main_script: Option<String>,
    /// Words a file being included redefined, noted when it ends (one line
    /// for many: a second game loaded in a session redefines dozens).
    pub(crate) redefined: Vec<String>,
    /// Where the file being included began in `redefined`.
    pub(crate) redefined_from: usize,
    /// The last string word (`."`, `s"` …) whose text no `"` closed, and
    /// where it stood: its text ended with its line, and a report of a
    /// later error in the same definition names the missing `"`.
    pub(crate) unclosed_text: Option<(String, Pos)>,
}

impl Input {
    /// Reading the terminal, nothing kept yet.
    pub(crate) fn new() -> Input {
        Input {
            stack: vec![Source {
                kind: SourceKind::Terminal,
                buf: TIB_START as i64,
                len: 0,
                saved_in: 0,
                line: 0,
                src: 0,
                source_id: 0,
            }],
            texts: vec![SourceText::new("<stdin>")],
            token_pos: Pos::default(),
            redefined: Vec::new(),
            redefined_from: 0,
            unclosed_text: None,
            token_name: String::new(),
            included: Vec::new(),
            main_script: None,
        }
    }

    // ---- the stack of sources ----

    /// The source being read.
    pub(crate) fn current(&self) -> &Source {
        self.stack
            .last()
            .expect("the bottom source is never popped")
    }

    /// Whether the text being read was typed at the REPL's prompt (not a
    /// file, `-e` code, piped input or EVALUATE).
    pub(crate) fn typed_at_prompt(&self) -> bool {
        let src = self.current();
        src.src == 0 && matches!(src.kind, SourceKind::Text { .. })
    }

    pub(crate) fn current_mut(&mut self) -> &mut Source {
        self.stack
            .last_mut()
            .expect("the bottom source is never popped")
    }

    /// Start reading a nested source with an empty line in its own buffer;
    /// the current one keeps `to_in` to resume at. False (and nothing
    /// changed) when the buffers are all in use.
    pub(crate) fn push(&mut self, kind: SourceKind, src: u32, source_id: i64, to_in: i64) -> bool {
        let level = self.stack.len();
        if level >= TIB_LEVELS {
            return false;
        }
        self.current_mut().saved_in = to_in;
        self.stack.push(Source {
            kind,
            buf: (TIB_START + level * TIB_SIZE) as i64,
            len: 0,
            saved_in: 0,
            line: 0,
            src,
            source_id,
        });
        true
    }

    /// End the innermost source; returns the >IN to resume the one below
    /// at, or None at the bottom (which stays).
    pub(crate) fn pop(&mut self) -> Option<i64> {
        if self.stack.len() > 1 {
            self.stack.pop();
            Some(self.current().saved_in)
        } else {
            None
        }
    }

    /// Drop every nested source and read the bottom one as `kind`.
    pub(crate) fn bottom_as(&mut self, kind: SourceKind) -> &mut Source {
        self.stack.truncate(1);
        let bottom = &mut self.stack[0];
        bottom.kind = kind;
        bottom
    }

    /// Drop every nested source (after an error), the bottom one unchanged.
    pub(crate) fn unwind(&mut self) {
        self.stack.truncate(1);
    }

    /// Read the current text source on from line `next` (from 0).
    pub(crate) fn seek(&mut self, next: usize) {
        let inp = self.current_mut();
        inp.kind = SourceKind::Text { next };
        inp.line = next as u32;
    }

    /// Is the current line the last of its text (always, for a source
    /// that is not a kept text)?
    pub(crate) fn on_last_line(&self) -> bool {
        match self.current().kind {
            SourceKind::Text { next } => self
                .text(self.current().src)
                .and_then(|t| t.line(next))
                .is_none(),
            _ => true,
        }
    }

    /// The innermost source that reads a kept text (a file or -e code).
    pub(crate) fn reading_text(&self) -> Option<&SourceText> {
        self.stack.iter().rev().find_map(|i| match i.kind {
            SourceKind::Text { .. } => self.texts.get(i.src as usize),
            _ => None,
        })
    }

    /// Is the main script itself being read (not a file it includes)?
    pub(crate) fn in_main_script(&self) -> bool {
        let inp = self.current();
        self.stack.len() == 2
            && matches!(inp.kind, SourceKind::Text { .. })
            && self.main_script.as_deref() == self.text(inp.src).map(|s| s.name.as_str())
    }

    // ---- the kept texts ----

    pub(crate) fn text(&self, src: u32) -> Option<&SourceText> {
        self.texts.get(src as usize)
    }

    /// What was typed at the terminal or read from stdin.
    pub(crate) fn typed(&mut self) -> &mut SourceText {
        &mut self.texts[0]
    }

    /// Record a line the current (terminal or stdin) source read, keeping
    /// only the newest `KEPT_INPUT` bytes; the source's line number
    /// follows the recorded text.
    pub(crate) fn record_line(&mut self, line: &[u8]) {
        let src = self.current().src as usize;
        let text = &mut self.texts[src];
        text.keep_tail(KEPT_INPUT);
        text.push_line(line);
        let n = text.len().saturating_sub(1) as u32;
        self.current_mut().line = n;
    }

    /// Keep a whole text (a file's, or -e code) and return its id; the same
    /// text under the same name is kept once. None when the texts kept
    /// would pass their bounds.
    pub(crate) fn add_text(&mut self, name: &str, text: Vec<u8>) -> Option<u32> {
        let text = SourceText::from_text(name, text);
        if let Some(i) = self
            .texts
            .iter()
            .position(|s| s.name == name && s.text == text.text)
        {
            return Some(i as u32);
        }
        let kept: usize = self.texts.iter().map(|s| s.text.len()).sum();
        if self.texts.len() >= MAX_SOURCES || kept + text.text.len() > MAX_KEPT_SOURCE_BYTES {
            return None;
        }
        self.texts.push(text);
        Some((self.texts.len() - 1) as u32)
    }

    /// The rest of the kept line from `pos` on, if it is still kept.
    pub(crate) fn source_from(&self, pos: Pos) -> Option<&[u8]> {
        let line = self
            .text(pos.src)?
            .line((pos.line as usize).checked_sub(1)?)?;
        line.get((pos.col as usize).checked_sub(1)?..)
    }

    /// The token (a run of non-blanks) the kept text has at `pos`.
    pub(crate) fn token_at(&self, pos: Pos) -> Option<String> {
        let rest = self.source_from(pos)?;
        let end = rest
            .iter()
            .position(|c| c.is_ascii_whitespace())
            .unwrap_or(rest.len());
        (end > 0).then(|| String::from_utf8_lossy(&rest[..end]).into_owned())
    }

    /// The location a position stands for, with the line's text.
    pub(crate) fn location(&self, pos: Pos) -> Option<Box<Location>> {
        let src = self.text(pos.src)?;
        if pos.line == 0 {
            return None;
        }
        let text = src
            .line(pos.line as usize - 1)
            .map(|l| String::from_utf8_lossy(l).trim_end().to_string());
        Some(Box::new(Location {
            file: src.name.clone(),
            line: pos.line,
            col: pos.col,
            text,
        }))
    }

    // ---- the token being interpreted ----

    /// The outer interpreter took the token `name`, at `pos` (None inside
    /// EVALUATE, whose tokens go by the position of the EVALUATE itself).
    pub(crate) fn note_token(&mut self, pos: Option<Pos>, name: &str) {
        if let Some(pos) = pos {
            self.token_pos = pos;
        }
        self.token_name.clear();
        self.token_name.push_str(name);
    }

    /// No token yet: an error now points at nothing older.
    pub(crate) fn forget_token(&mut self) {
        self.token_pos = Pos::default();
        self.token_name.clear();
    }

    pub(crate) fn token_pos(&self) -> Pos {
        self.token_pos
    }

    pub(crate) fn token_name(&self) -> &str {
        &self.token_name
    }

    // ---- files included ----

    /// Note a file as included (by its canonical path).
    pub(crate) fn note_included(&mut self, canon: PathBuf) {
        if !self.included.contains(&canon) {
            self.included.push(canon);
        }
    }

    pub(crate) fn was_included(&self, canon: &Path) -> bool {
        self.included.iter().any(|p| p == canon)
    }
}
