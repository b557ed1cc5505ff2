//! The outer interpreter: the input stream and the text interpreter.
//!
//! Input comes from a stack of sources (the terminal or stdin, included
//! files, EVALUATEd strings). The current line always sits in data space, so
//! SOURCE and >IN are real addresses that programs can read and change.
//! The interpreter takes one token at a time from the parse area, looks it
//! up, and executes or compiles it; what is not a word must be a number.
//! The stack of sources and the kept texts belong to `input::Input`; this
//! file moves the line into data space and reads it.

use crate::code::Pos;
use crate::error::*;
use crate::input::{MAX_KEPT_SOURCE_BYTES, MAX_SOURCES, SourceKind};
use crate::lexer;
use crate::memory::{IN_ADDR, TIB_SIZE};
use crate::system::Forth;
use std::io::Write as _;
use std::path::{Path, PathBuf};

/// The largest file INCLUDED reads.
pub(crate) const MAX_SOURCE_BYTES: usize = 64 << 20;
/// The longest line the interpreter reads: SOURCE holds it in data space.
pub(crate) const MAX_LINE: usize = TIB_SIZE;

/// A parsed number: one cell or a double cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Number {
    Single(i64),
    Double(i128),
}

/// Convert a token to a number in `base`, as gforth reads numbers: the
/// prefixes `#` or `&` (decimal), `$` or `0x` (hex), `%` (binary), `'c'`
/// (or `'c`) for a character, a leading `-` (before or after the prefix),
/// and a `.` after the first digit for a double-cell number (`1.`,
/// `123.45`: the dots are not digits, so `123.45` is the double 12345).
pub fn parse_number(tok: &[u8], base: i64) -> Option<Number> {
    if let [b'\'', c, rest @ ..] = tok
        && (rest.is_empty() || rest == b"'")
        && tok.len() >= 2
    {
        return Some(Number::Single(*c as i64));
    }
    let mut base = base as u32;
    let mut s = tok;
    let mut neg = false;
    if let [b'-', rest @ ..] = s
        && !rest.is_empty()
    {
        neg = true;
        s = rest;
    }
    if let [b'\'', c, rest @ ..] = s
        && (rest.is_empty() || rest == b"'")
        && neg
    {
        return Some(Number::Single((*c as i64).wrapping_neg()));
    }
    if let [p @ (b'#' | b'&' | b'$' | b'%'), rest @ ..] = s {
        base = match p {
            b'#' | b'&' => 10,
            b'$' => 16,
            _ => 2,
        };
        s = rest;
    } else if let [b'0', b'x' | b'X', rest @ ..] = s
        && !rest.is_empty()
    {
        base = 16;
        s = rest;
    }
    if !neg && let [b'-', rest @ ..] = s {
        neg = true;
        s = rest;
    }
    if s.first().is_none_or(|&c| c == b'.')
        || s.windows(2).any(|w| w == b"..")
        || !(2..=36).contains(&base)
    {
        return None;
    }
    let mut double = false;
    let mut acc: u128 = 0;
    for &c in s {
        if c == b'.' {
            double = true;
            continue;
        }
        let d = (c as char).to_digit(36)?;
        if d >= base {
            return None;
        }
        acc = acc.wrapping_mul(base as u128).wrapping_add(d as u128);
    }
    let v = if neg {
        (acc as i128).wrapping_neg()
    } else {
        acc as i128
    };
    Some(if double {
        Number::Double(v)
    } else {
        Number::Single(v as i64)
    })
}

/// Replace each no-break space (C2 A0) by one plain space.
fn normalize_spaces(line: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(line.len());
    let mut i = 0;
    while i < line.len() {
        if line[i..].starts_with(b"\xc2\xa0") {
            out.push(b' ');
            i += 2;
        } else {
            out.push(line[i]);
            i += 1;
        }
    }
    out
}

impl Forth {
    // ---- the input stream ----

    /// >IN, kept within the current line whatever a program stored there.
    pub(crate) fn to_in(&self) -> i64 {
        self.vm.mem
            .cell(IN_ADDR as i64)
            .unwrap_or(0)
            .clamp(0, self.input.current().len)
    }

    pub(crate) fn set_to_in(&mut self, v: i64) {
        let _ = self.vm.mem.set_cell(IN_ADDR as i64, v);
    }

    /// The parse area: (address, length) of what is left of the line.
    pub(crate) fn parse_area(&self) -> (i64, i64) {
        let inp = self.input.current();
        let used = self.to_in().clamp(0, inp.len);
        (inp.buf + used, inp.len - used)
    }

    /// Start reading from a new source; the current one resumes when it ends.
    pub(crate) fn push_input(&mut self, kind: SourceKind, src: u32, source_id: i64) -> Res<()> {
        let saved = self.to_in();
        if !self.input.push(kind, src, source_id, saved) {
            return Err(self.fail(PARSED_OVERFLOW, "input sources nested too deeply"));
        }
        self.set_to_in(0);
        Ok(())
    }

    /// Back to the source the innermost one interrupted, at its >IN.
    pub(crate) fn pop_input(&mut self) {
        if let Some(saved) = self.input.pop() {
            self.set_to_in(saved);
        }
    }

    /// Put one line into the current source's buffer and reset >IN.
    /// No-break spaces (U+00A0), which code copied from web pages is full
    /// of, become plain spaces, so such code runs as its author wrote it.
    pub(crate) fn load_line(&mut self, line: &[u8]) -> Res<()> {
        let normal;
        let line = if line.windows(2).any(|w| w == b"\xc2\xa0") {
            normal = normalize_spaces(line);
            &normal
        } else {
            line
        };
        if line.len() > MAX_LINE {
            let inp = *self.input.current();
            let name = self.input.text(inp.src).map_or("", |s| s.name.as_str());
            return Err(self.fail(
                PARSED_OVERFLOW,
                format!(
                    "line {} of {name} is {} bytes long; playforth reads lines of at most {MAX_LINE} bytes",
                    inp.line + 1,
                    line.len()
                ),
            ));
        }
        let buf = self.input.current().buf;
        self.vm.mem.write(buf, line)?;
        let inp = self.input.current_mut();
        inp.len = line.len() as i64;
        inp.line += 1;
        self.set_to_in(0);
        Ok(())
    }

    /// REFILL: read the next line of the current source. False at its end.
    pub(crate) fn refill(&mut self) -> Res<bool> {
        let inp = *self.input.current();
        let line = match inp.kind {
            SourceKind::Evaluate => return Ok(false),
            SourceKind::Terminal | SourceKind::Stdin => {
                let _ = self.host.out.flush();
                // One byte more than a line may have, to tell a long line.
                let Some(l) = self.host.console.read_line(MAX_LINE + 1)? else {
                    return Ok(false);
                };
                // A line too long to keep is recorded empty: its error says enough.
                self.input.record_line(if l.cut { b"" } else { &l.bytes });
                if l.cut {
                    return Err(self.fail(
                        PARSED_OVERFLOW,
                        format!(
                            "line {} of {} is longer than {MAX_LINE} bytes, the longest line playforth reads",
                            inp.line + 1,
                            self.input.text(inp.src).map_or("", |s| s.name.as_str())
                        ),
                    ));
                }
                l.bytes
            }
            SourceKind::Text { next } => {
                let Some(l) = self.input.text(inp.src).and_then(|s| s.line(next)) else {
                    return Ok(false);
                };
                let l = l.to_vec();
                self.input.current_mut().kind = SourceKind::Text { next: next + 1 };
                l
            }
        };
        self.load_line(&line)?;
        Ok(true)
    }

    /// Skip blanks, then take a token from the parse area (PARSE-NAME).
    /// Returns its address and length; the length is 0 at the end of the line.
    pub(crate) fn parse_name(&mut self) -> Res<(i64, i64)> {
        let (start, len) = self.parse_area();
        let area = self.vm.mem.slice(start, len)?;
        match lexer::next_token(area) {
            Some((_, span)) => {
                // Step over the one delimiter after the token (a no-break space is two bytes).
                let delim = if area[span.end..].starts_with(b"\xc2\xa0") {
                    2
                } else {
                    1
                };
                let used = self.to_in().clamp(0, self.input.current().len);
                self.set_to_in((used + (span.end + delim) as i64).min(self.input.current().len));
                Ok((start + span.start as i64, span.len() as i64))
            }
            None => {
                self.set_to_in(self.input.current().len);
                Ok((start + len, 0))
            }
        }
    }

    /// PARSE-NAME as a Rust string, failing with -16 at the end of the line.
    pub(crate) fn parse_word_name(&mut self) -> Res<String> {
        self.parse_word_name_at().map(|(name, _)| name)
    }

    /// A name parsed by a word, with where it starts on the line (None in
    /// EVALUATE'd text).
    pub(crate) fn parse_word_name_at(&mut self) -> Res<(String, Option<Pos>)> {
        let (addr, len) = self.parse_name()?;
        if len == 0 {
            return Err(self.fail(ZERO_LENGTH_NAME, "a name was expected here"));
        }
        Ok((self.vm.mem.string(addr, len)?, self.token_pos_at(addr)))
    }

    /// The source position of the byte at `addr` of the current line.
    fn token_pos_at(&self, addr: i64) -> Option<Pos> {
        let inp = self.input.current();
        (inp.kind != SourceKind::Evaluate).then(|| Pos {
            src: inp.src,
            line: inp.line,
            col: (addr - inp.buf + 1) as u32,
        })
    }

    /// -13 for a name that a word (`'`, SEE, TO …) parsed: the report's
    /// caret goes under the name, and "did you mean" looks for words like
    /// it, not like the word that parsed it.
    pub(crate) fn undefined_parsed(&mut self, name: String, pos: Option<Pos>) -> Throw {
        self.input.note_token(pos, &name);
        self.fail(UNDEFINED_WORD, name)
    }

    /// PARSE: the text up to `delim` (or the end of the line); >IN moves past it.
    pub(crate) fn parse(&mut self, delim: u8) -> Res<(i64, i64)> {
        let (start, len) = self.parse_area();
        let area = self.vm.mem.slice(start, len)?;
        let (n, skip) = match area.iter().position(|&c| c == delim) {
            Some(i) => (i, 1),
            None => (area.len(), 0),
        };
        let used = self.to_in().max(0);
        self.set_to_in(used + (n + skip) as i64);
        Ok((start, n as i64))
    }

    /// Like `parse`, but a missing delimiter reads on into the next lines of
    /// a file (for multi-line `( ... )` comments). Says whether it was found.
    pub(crate) fn skip_past(&mut self, delim: u8) -> Res<bool> {
        loop {
            let (start, len) = self.parse_area();
            let found = self.vm.mem.slice(start, len)?.contains(&delim);
            self.parse(delim)?;
            if found {
                return Ok(true);
            }
            let multi_line = matches!(
                self.input.current().kind,
                SourceKind::Text { .. } | SourceKind::Stdin
            );
            if !multi_line || !self.refill()? {
                return Ok(false);
            }
        }
    }

    /// The next name in the parse area, lower-cased, taken only if `wanted`
    /// accepts it (`words all`, `show-stack boxes`); otherwise the input
    /// is left as it was, for the interpreter.
    pub(crate) fn take_name_if(&mut self, wanted: impl Fn(&str) -> bool) -> Res<Option<String>> {
        let to_in = self.to_in();
        let (a, n) = self.parse_name()?;
        let name = self.vm.mem.string(a, n)?.to_ascii_lowercase();
        if wanted(&name) {
            return Ok(Some(name));
        }
        self.set_to_in(to_in);
        Ok(None)
    }

    /// SOURCE-ID: 0 for the terminal or stdin, -1 for EVALUATE, else a file id.
    pub(crate) fn source_id(&self) -> i64 {
        self.input.current().source_id
    }

    // ---- the text interpreter ----

    /// Interpret the parse area to its end.
    pub(crate) fn interpret(&mut self) -> Res<()> {
        loop {
            if self.bye.is_some() {
                return Err(BYE);
            }
            // A program can loop here too (by moving >IN back): Ctrl-C stops it.
            if crate::vm::INTERRUPT.swap(false, std::sync::atomic::Ordering::Relaxed) {
                return Err(USER_INTERRUPT);
            }
            let (addr, len) = self.parse_name()?;
            if len == 0 {
                return Ok(());
            }
            let pos = self.token_pos_at(addr);
            let name = self.vm.mem.string(addr, len)?;
            self.input.note_token(pos, &name);
            self.interpret_token(&name)?;
            if self
                .compiler
                .def
                .as_ref()
                .is_some_and(|d| d.at_prompt && self.vm.stacks.sp <= d.depth)
            {
                self.run_prompt_definition()?;
            }
        }
    }

    fn interpret_token(&mut self, name: &str) -> Res<()> {
        let compiling = self.compiling();
        if compiling && let Some((i, kind)) = self.compiler.local(name) {
            return self.compile_local_fetch(i, kind);
        }
        if let Some(xt) = self.vm.dict.find(name) {
            let w = &self.vm.dict.words[xt as usize];
            if compiling && !w.immediate() {
                if self.compiler.def.as_ref().is_some_and(|d| d.at_prompt)
                    && [":", ":noname"]
                        .iter()
                        .any(|d| d.eq_ignore_ascii_case(name))
                {
                    return Err(self.fail(
                        COMPILER_NESTING,
                        format!("`{name}` cannot start a definition inside a control structure typed at the prompt: close the structure first"),
                    ));
                }
                return self.compile_xt(xt);
            }
            if !compiling && w.compile_only() {
                if self.prefs.prompt_control && opens_structure(name) {
                    return self.open_prompt_definition(xt);
                }
                let prompt = if opens_structure(name) {
                    " (at the REPL's prompt it runs at once; in a file, `-e` code or piped \
                     input put it in a definition, or say `true prompt-control` first)"
                } else {
                    ""
                };
                return Err(self.fail(
                    COMPILE_ONLY,
                    format!("`{name}` only works inside a definition{prompt}"),
                ));
            }
            return self.execute(xt);
        }
        match parse_number(name.as_bytes(), self.base()) {
            Some(Number::Single(n)) => {
                if compiling {
                    self.emit(crate::instr::Instr::Lit(n))
                } else {
                    self.push(n)
                }
            }
            Some(Number::Double(d)) => {
                if compiling {
                    self.emit(crate::instr::Instr::Lit(d as i64))?;
                    self.emit(crate::instr::Instr::Lit((d >> 64) as i64))
                } else {
                    self.push_double(d)
                }
            }
            None => self.float_token(name, compiling),
        }
    }

    /// A control structure typed outside a definition: start a nameless
    /// definition holding it, and compile its opening word.
    fn open_prompt_definition(&mut self, opener: u32) -> Res<()> {
        self.begin_definition(None)?;
        if let Some(def) = &mut self.compiler.def {
            def.at_prompt = true;
        }
        self.execute(opener)
    }

    /// The structure typed at the prompt is closed: end its definition, run
    /// it, and throw it away (its header and, if nothing was compiled after
    /// it, its code).
    fn run_prompt_definition(&mut self) -> Res<()> {
        self.end_definition()?;
        let xt = self.pop()? as u32;
        let end = self.code_here();
        let r = self.execute(xt);
        if let crate::dictionary::Kind::Colon(start) = self.vm.dict.words[xt as usize].kind
            && self.code_here() == end
        {
            self.vm.code.truncate(start as usize);
        }
        self.drop_header(xt);
        r
    }

    /// Interpret every line of the current source until it runs out.
    pub(crate) fn interpret_source(&mut self) -> Res<()> {
        while self.refill()? {
            self.interpret()?;
        }
        Ok(())
    }

    /// EVALUATE: interpret a string in data space as the input source.
    pub(crate) fn evaluate(&mut self, addr: i64, len: i64) -> Res<()> {
        self.vm.mem.slice(addr, len)?;
        self.push_input(SourceKind::Evaluate, self.input.current().src, -1)?;
        let inp = self.input.current_mut();
        inp.buf = addr;
        inp.len = len;
        let r = self.interpret();
        self.pop_input();
        r
    }

    /// Register text as a source and return its id.
    pub(crate) fn add_source(&mut self, name: &str, text: Vec<u8>) -> Res<u32> {
        // Including the same text again reuses its record.
        let Some(src) = self.input.add_text(name, text) else {
            return Err(self.fail(
                FILE_IO,
                format!(
                    "more source text than playforth keeps for error messages ({MAX_SOURCES} texts, {} MiB)",
                    MAX_KEPT_SOURCE_BYTES >> 20
                ),
            ));
        };
        Ok(src)
    }

    /// Interpret a whole text (a file's contents, or -e code).
    pub(crate) fn interpret_text(&mut self, name: &str, text: Vec<u8>, source_id: i64) -> Res<()> {
        self.interpret_lines(name, text, source_id, false)
    }

    /// Interpret a text, reading past its first line unseen when
    /// `skip_first` (line numbers still count it).
    fn interpret_lines(
        &mut self,
        name: &str,
        text: Vec<u8>,
        source_id: i64,
        skip_first: bool,
    ) -> Res<()> {
        let src = self.add_source(name, text)?;
        self.push_input(SourceKind::Text { next: 0 }, src, source_id)?;
        let r = if skip_first {
            self.refill().and_then(|_| self.interpret_source())
        } else {
            self.interpret_source()
        };
        self.pop_input();
        r
    }

    /// Find a file to include: as given, or beside the file being read.
    /// A name written on Windows (`lib\board.fs`) is found elsewhere too:
    /// where a backslash is an ordinary file-name character (Linux, macOS)
    /// and no file has the name as written, its backslashes are read as
    /// folder separators. (Windows reads them so itself.)
    pub(crate) fn resolve_path(&self, name: &str) -> PathBuf {
        let written = PathBuf::from(name);
        if let Some(found) = self.find_file(&written) {
            return found;
        }
        if name.contains('\\')
            && let Some(found) = self.find_file(&PathBuf::from(name.replace('\\', "/")))
        {
            return found;
        }
        // Not on disk: an example game compiled in, as named or beside the
        // (compiled-in) file being read.
        let beside = (!written.is_absolute())
            .then(|| self.input.reading_text())
            .flatten()
            .and_then(|s| Some(Path::new(&s.name).parent()?.join(&written)));
        [Some(written.clone()), beside]
            .into_iter()
            .flatten()
            .find_map(|p| crate::bundled::example(&p))
            .map_or(written, |(name, _)| PathBuf::from(name))
    }

    /// The file at `p`, or beside the file being read, if it exists.
    fn find_file(&self, p: &Path) -> Option<PathBuf> {
        if p.exists() {
            return Some(p.to_path_buf());
        }
        if p.is_absolute() {
            return None;
        }
        let here = self.input.reading_text();
        let beside = here.and_then(|s| Path::new(&s.name).parent())?.join(p);
        beside.exists().then_some(beside)
    }

    /// INCLUDED: interpret a file.
    pub(crate) fn included(&mut self, name: &str) -> Res<()> {
        let path = self.resolve_path(name);
        let text = self.read_source(&path, name)?;
        let canon = path.canonicalize().unwrap_or_else(|_| path.clone());
        self.input.note_included(canon);
        let Ok(id) = self.host.files.open_marker(&path) else {
            return Err(self.fail(FILE_IO, "too many open files"));
        };
        // A script's first line `#!/usr/bin/env playforth` is for the
        // system that starts it: not Forth (`#!` is a word only when a
        // blank follows it), so it is read past.
        let shebang = text.starts_with(b"#!");
        let outer = std::mem::replace(&mut self.input.redefined_from, self.input.redefined.len());
        let r = self.interpret_lines(&path.to_string_lossy(), text, id, shebang);
        self.host.files.close(id);
        self.note_redefined(&path.to_string_lossy());
        self.input.redefined_from = outer;
        r
    }

    /// The redefinitions a file made beyond the first few, which were
    /// noted as they came: one line for the rest.
    fn note_redefined(&mut self, file: &str) {
        let from = self.input.redefined_from.min(self.input.redefined.len());
        let names: Vec<String> = self.input.redefined.drain(from..).collect();
        let Some(more) = names.get(crate::compiler::REDEFINED_NOTES..) else {
            return;
        };
        if more.is_empty() {
            return;
        }
        let shown = more.iter().take(6).cloned().collect::<Vec<_>>().join(" ");
        let etc = if more.len() > 6 { " …" } else { "" };
        let _ = writeln!(
            self.host.diag,
            "{file} redefined {} more words ({shown}{etc}): the new definitions are used from now on",
            more.len()
        );
    }

    /// Read a file to interpret: at most MAX_SOURCE_BYTES, in pieces, so an
    /// endless file (`/dev/zero`) ends with an error and Ctrl-C stops it.
    pub(crate) fn read_source(&mut self, path: &Path, name: &str) -> Res<Vec<u8>> {
        use std::io::Read;
        let mut file = match std::fs::File::open(path) {
            Ok(f) => f,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                if let Some((_, text)) = crate::bundled::example(path) {
                    return Ok(text.as_bytes().to_vec());
                }
                return Err(self.fail(NO_SUCH_FILE, name));
            }
            Err(e) => return Err(self.fail(NO_SUCH_FILE, format!("{name} ({e})"))),
        };
        let hint = file.metadata().map_or(0, |m| m.len() as usize);
        let mut text = Vec::with_capacity(hint.min(MAX_SOURCE_BYTES) + 1);
        let mut piece = vec![0u8; 1 << 16];
        loop {
            if crate::io::interrupted() {
                return Err(USER_INTERRUPT);
            }
            match file.read(&mut piece) {
                Ok(0) => return Ok(text),
                Ok(n) => text.extend_from_slice(&piece[..n]),
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                Err(e) => return Err(self.fail(FILE_IO, format!("cannot read {name}: {e}"))),
            }
            if text.len() > MAX_SOURCE_BYTES {
                return Err(self.fail(
                    FILE_IO,
                    format!(
                        "{name} is larger than {} MiB, the most playforth includes",
                        MAX_SOURCE_BYTES >> 20
                    ),
                ));
            }
        }
    }

    /// REQUIRED: INCLUDED unless the file was included before.
    pub(crate) fn required(&mut self, name: &str) -> Res<()> {
        let path = self.resolve_path(name);
        let canon = path.canonicalize().unwrap_or(path);
        if self.input.was_included(&canon) {
            return Ok(());
        }
        self.included(name)
    }
}

/// The words that open a control structure which, typed outside a
/// definition with PROMPT-CONTROL on, runs at once.
fn opens_structure(name: &str) -> bool {
    PROMPT_OPENERS.iter().any(|w| w.eq_ignore_ascii_case(name))
}

/// Those words (`help` says so of each).
pub(crate) const PROMPT_OPENERS: [&str; 5] = ["if", "do", "?do", "begin", "case"];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers() {
        use Number::*;
        assert_eq!(parse_number(b"42", 10), Some(Single(42)));
        assert_eq!(parse_number(b"-42", 10), Some(Single(-42)));
        assert_eq!(parse_number(b"$ff", 10), Some(Single(255)));
        assert_eq!(parse_number(b"$-ff", 10), Some(Single(-255)));
        assert_eq!(parse_number(b"-$ff", 10), Some(Single(-255)));
        assert_eq!(parse_number(b"%101", 10), Some(Single(5)));
        assert_eq!(parse_number(b"#10", 16), Some(Single(10)));
        assert_eq!(parse_number(b"ff", 16), Some(Single(255)));
        assert_eq!(parse_number(b"ff", 10), None);
        assert_eq!(parse_number(b"'a'", 10), Some(Single(97)));
        assert_eq!(parse_number(b"1.", 10), Some(Double(1)));
        assert_eq!(parse_number(b"-1.", 10), Some(Double(-1)));
        assert_eq!(parse_number(b"-", 10), None);
        assert_eq!(parse_number(b".", 10), None);
        assert_eq!(parse_number(b"$", 10), None);
        assert_eq!(parse_number(b"18446744073709551615", 10), Some(Single(-1)));
        assert_eq!(parse_number(b"0x1F", 10), Some(Single(31)));
        assert_eq!(parse_number(b"0X1f", 10), Some(Single(31)));
        assert_eq!(parse_number(b"-0x10", 10), Some(Single(-16)));
        assert_eq!(parse_number(b"0x-10", 10), Some(Single(-16)));
        assert_eq!(parse_number(b"0x", 10), None);
        assert_eq!(parse_number(b"0", 10), Some(Single(0)));
        assert_eq!(parse_number(b"&123", 16), Some(Single(123)));
        assert_eq!(parse_number(b"&-5", 10), Some(Single(-5)));
        assert_eq!(parse_number(b"123.4", 10), Some(Double(1234)));
        assert_eq!(parse_number(b"12.3.4", 10), Some(Double(1234)));
        assert_eq!(parse_number(b"-1.2", 10), Some(Double(-12)));
        assert_eq!(parse_number(b"0x1.F", 10), Some(Double(31)));
        assert_eq!(parse_number(b".5", 10), None);
        assert_eq!(parse_number(b"5..", 10), None);
        assert_eq!(parse_number(b"1.2.", 10), Some(Double(12)));
        assert_eq!(parse_number(b"-.5", 10), None);
        assert_eq!(parse_number(b"'c", 10), Some(Single(99)));
        assert_eq!(parse_number(b"-'a'", 10), Some(Single(-97)));
        assert_eq!(parse_number(b"''", 10), Some(Single(39)));
    }
}
