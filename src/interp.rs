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
use crate::compiler;
use crate::error::*;
use crate::input::{MAX_KEPT_SOURCE_BYTES, MAX_SOURCES, SourceKind};
use crate::kernel::Forth;
use crate::lexer;
use crate::memory::{IN_ADDR, TIB_SIZE};
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

// ---- the input stream ----

/// >IN, kept within the current line whatever a program stored there.
pub(crate) fn to_in(f: &Forth) -> i64 {
    f.vm.mem
        .cell(IN_ADDR as i64)
        .unwrap_or(0)
        .clamp(0, f.input.current().len)
}

pub(crate) fn set_to_in(f: &mut Forth, v: i64) {
    let _ = f.vm.mem.set_cell(IN_ADDR as i64, v);
}

/// The parse area: (address, length) of what is left of the line.
pub(crate) fn parse_area(f: &Forth) -> (i64, i64) {
    let inp = f.input.current();
    let used = to_in(f).clamp(0, inp.len);
    (inp.buf + used, inp.len - used)
}

/// Start reading from a new source; the current one resumes when it ends.
pub(crate) fn push_input(f: &mut Forth, kind: SourceKind, src: u32, source_id: i64) -> Res<()> {
    let saved = to_in(f);
    if !f.input.push(kind, src, source_id, saved) {
        return Err(f.fail(PARSED_OVERFLOW, "input sources nested too deeply"));
    }
    set_to_in(f, 0);
    Ok(())
}

/// Back to the source the innermost one interrupted, at its >IN.
pub(crate) fn pop_input(f: &mut Forth) {
    if let Some(saved) = f.input.pop() {
        set_to_in(f, saved);
    }
}

/// Put one line into the current source's buffer and reset >IN.
/// No-break spaces (U+00A0), which code copied from web pages is full
/// of, become plain spaces, so such code runs as its author wrote it.
pub(crate) fn load_line(f: &mut Forth, line: &[u8]) -> Res<()> {
    let normal;
    let line = if line.windows(2).any(|w| w == b"\xc2\xa0") {
        normal = normalize_spaces(line);
        &normal
    } else {
        line
    };
    if line.len() > MAX_LINE {
        let inp = *f.input.current();
        let name = f.input.text(inp.src).map_or("", |s| s.name.as_str());
        return Err(f.fail(
            PARSED_OVERFLOW,
            format!(
                "line {} of {name} is {} bytes long; playforth reads lines of at most {MAX_LINE} bytes",
                inp.line + 1,
                line.len()
            ),
        ));
    }
    let buf = f.input.current().buf;
    f.vm.mem.write(buf, line)?;
    let inp = f.input.current_mut();
    inp.len = line.len() as i64;
    inp.line += 1;
    set_to_in(f, 0);
    Ok(())
}

/// REFILL: read the next line of the current source. False at its end.
pub(crate) fn refill(f: &mut Forth) -> Res<bool> {
    let inp = *f.input.current();
    let line = match inp.kind {
        SourceKind::Evaluate => return Ok(false),
        SourceKind::Terminal | SourceKind::Stdin => {
            let _ = f.host.out.flush();
            // One byte more than a line may have, to tell a long line.
            let Some(l) = f.host.console.read_line(MAX_LINE + 1)? else {
                return Ok(false);
            };
            // A line too long to keep is recorded empty: its error says enough.
            f.input.record_line(if l.cut { b"" } else { &l.bytes });
            if l.cut {
                return Err(f.fail(
                    PARSED_OVERFLOW,
                    format!(
                        "line {} of {} is longer than {MAX_LINE} bytes, the longest line playforth reads",
                        inp.line + 1,
                        f.input.text(inp.src).map_or("", |s| s.name.as_str())
                    ),
                ));
            }
            l.bytes
        }
        SourceKind::Text { next } => {
            let Some(l) = f.input.text(inp.src).and_then(|s| s.line(next)) else {
                return Ok(false);
            };
            let l = l.to_vec();
            f.input.current_mut().kind = SourceKind::Text { next: next + 1 };
            l
        }
    };
    load_line(f, &line)?;
    Ok(true)
}

/// Skip blanks, then take a token from the parse area (PARSE-NAME).
/// Returns its address and length; the length is 0 at the end of the line.
pub(crate) fn parse_name(f: &mut Forth) -> Res<(i64, i64)> {
    let (start, len) = parse_area(f);
    let area = f.vm.mem.slice(start, len)?;
    match lexer::next_token(area) {
        Some((_, span)) => {
            // Step over the one delimiter after the token (a no-break space is two bytes).
            let delim = if area[span.end..].starts_with(b"\xc2\xa0") {
                2
            } else {
                1
            };
            let used = to_in(f).clamp(0, f.input.current().len);
            set_to_in(
                f,
                (used + (span.end + delim) as i64).min(f.input.current().len),
            );
            Ok((start + span.start as i64, span.len() as i64))
        }
        None => {
            set_to_in(f, f.input.current().len);
            Ok((start + len, 0))
        }
    }
}

/// PARSE-NAME as a Rust string, failing with -16 at the end of the line.
pub(crate) fn parse_word_name(f: &mut Forth) -> Res<String> {
    parse_word_name_at(f).map(|(name, _)| name)
}

/// A name parsed by a word, with where it starts on the line (None in
/// EVALUATE'd text).
pub(crate) fn parse_word_name_at(f: &mut Forth) -> Res<(String, Option<Pos>)> {
    let (addr, len) = parse_name(f)?;
    if len == 0 {
        return Err(f.fail(ZERO_LENGTH_NAME, "a name was expected here"));
    }
    Ok((f.vm.mem.string(addr, len)?, token_pos_at(f, addr)))
}

/// The source position of the byte at `addr` of the current line.
fn token_pos_at(f: &Forth, addr: i64) -> Option<Pos> {
    let inp = f.input.current();
    (inp.kind != SourceKind::Evaluate).then(|| Pos {
        src: inp.src,
        line: inp.line,
        col: (addr - inp.buf + 1) as u32,
    })
}

/// -13 for a name that a word (`'`, SEE, TO …) parsed: the report's
/// caret goes under the name, and "did you mean" looks for words like
/// it, not like the word that parsed it.
pub(crate) fn undefined_parsed(f: &mut Forth, name: String, pos: Option<Pos>) -> Throw {
    f.input.note_token(pos, &name);
    f.fail(UNDEFINED_WORD, name)
}

/// PARSE: the text up to `delim` (or the end of the line); >IN moves past it.
pub(crate) fn parse(f: &mut Forth, delim: u8) -> Res<(i64, i64)> {
    let (start, len) = parse_area(f);
    let area = f.vm.mem.slice(start, len)?;
    let (n, skip) = match area.iter().position(|&c| c == delim) {
        Some(i) => (i, 1),
        None => (area.len(), 0),
    };
    let used = to_in(f).max(0);
    set_to_in(f, used + (n + skip) as i64);
    Ok((start, n as i64))
}

/// Like `parse`, but a missing delimiter reads on into the next lines of
/// a file (for multi-line `( ... )` comments). Says whether it was found.
pub(crate) fn skip_past(f: &mut Forth, delim: u8) -> Res<bool> {
    loop {
        let (start, len) = parse_area(f);
        let found = f.vm.mem.slice(start, len)?.contains(&delim);
        parse(f, delim)?;
        if found {
            return Ok(true);
        }
        let multi_line = matches!(
            f.input.current().kind,
            SourceKind::Text { .. } | SourceKind::Stdin
        );
        if !multi_line || !refill(f)? {
            return Ok(false);
        }
    }
}

/// The next name in the parse area, lower-cased, taken only if `wanted`
/// accepts it (`words all`, `show-stack boxes`); otherwise the input
/// is left as it was, for the interpreter.
pub(crate) fn take_name_if(f: &mut Forth, wanted: impl Fn(&str) -> bool) -> Res<Option<String>> {
    let to_in = to_in(f);
    let (a, n) = parse_name(f)?;
    let name = f.vm.mem.string(a, n)?.to_ascii_lowercase();
    if wanted(&name) {
        return Ok(Some(name));
    }
    set_to_in(f, to_in);
    Ok(None)
}

/// SOURCE-ID: 0 for the terminal or stdin, -1 for EVALUATE, else a file id.
pub(crate) fn source_id(f: &Forth) -> i64 {
    f.input.current().source_id
}

// ---- the text interpreter ----

/// Interpret the parse area to its end.
pub(crate) fn interpret(f: &mut Forth) -> Res<()> {
    loop {
        if f.bye.is_some() {
            return Err(BYE);
        }
        // A program can loop here too (by moving >IN back): Ctrl-C stops it.
        if f.host.interrupt.take() {
            return Err(USER_INTERRUPT);
        }
        let (addr, len) = parse_name(f)?;
        if len == 0 {
            return Ok(());
        }
        let pos = token_pos_at(f, addr);
        let name = f.vm.mem.string(addr, len)?;
        f.input.note_token(pos, &name);
        interpret_token(f, &name)?;
        if f.compiler
            .def
            .as_ref()
            .is_some_and(|d| d.at_prompt && f.vm.stacks.sp <= d.depth)
        {
            run_prompt_definition(f)?;
        }
    }
}

fn interpret_token(f: &mut Forth, name: &str) -> Res<()> {
    let compiling = f.compiling();
    if compiling && let Some((i, kind)) = f.compiler.local(name) {
        return compiler::compile_local_fetch(f, i, kind);
    }
    if let Some(xt) = f.vm.dict.find(name) {
        let w = &f.vm.dict.words[xt as usize];
        if compiling && !w.immediate() {
            if f.compiler.def.as_ref().is_some_and(|d| d.at_prompt)
                && [":", ":noname"]
                    .iter()
                    .any(|d| d.eq_ignore_ascii_case(name))
            {
                return Err(f.fail(
                    COMPILER_NESTING,
                    format!("`{name}` cannot start a definition inside a control structure typed at the prompt: close the structure first"),
                ));
            }
            return compiler::compile_xt(f, xt);
        }
        if !compiling && w.compile_only() {
            if f.prefs.prompt_control && opens_structure(name) {
                return open_prompt_definition(f, xt);
            }
            let prompt = if opens_structure(name) {
                " (at the REPL's prompt it runs at once; in a file, `-e` code or piped \
                 input put it in a definition, or say `true prompt-control` first)"
            } else {
                ""
            };
            return Err(f.fail(
                COMPILE_ONLY,
                format!("`{name}` only works inside a definition{prompt}"),
            ));
        }
        return f.execute(xt);
    }
    match parse_number(name.as_bytes(), f.base()) {
        Some(Number::Single(n)) => {
            if compiling {
                compiler::emit(f, crate::instr::Instr::Lit(n))
            } else {
                f.push(n)
            }
        }
        Some(Number::Double(d)) => {
            if compiling {
                compiler::emit(f, crate::instr::Instr::Lit(d as i64))?;
                compiler::emit(f, crate::instr::Instr::Lit((d >> 64) as i64))
            } else {
                f.push_double(d)
            }
        }
        None => crate::words::float::float_token(f, name, compiling),
    }
}

/// A control structure typed outside a definition: start a nameless
/// definition holding it, and compile its opening word.
fn open_prompt_definition(f: &mut Forth, opener: u32) -> Res<()> {
    compiler::begin_definition(f, None)?;
    if let Some(def) = &mut f.compiler.def {
        def.at_prompt = true;
    }
    f.execute(opener)
}

/// The structure typed at the prompt is closed: end its definition, run
/// it, and throw it away (its header and, if nothing was compiled after
/// it, its code).
fn run_prompt_definition(f: &mut Forth) -> Res<()> {
    compiler::end_definition(f)?;
    let xt = f.pop()? as u32;
    let end = compiler::code_here(f);
    let r = f.execute(xt);
    if let crate::dictionary::Kind::Colon(start) = f.vm.dict.words[xt as usize].kind
        && compiler::code_here(f) == end
    {
        f.vm.code.truncate(start as usize);
    }
    compiler::drop_header(f, xt);
    r
}

/// Interpret every line of the current source until it runs out.
pub(crate) fn interpret_source(f: &mut Forth) -> Res<()> {
    while refill(f)? {
        interpret(f)?;
    }
    Ok(())
}

/// EVALUATE: interpret a string in data space as the input source.
pub(crate) fn evaluate(f: &mut Forth, addr: i64, len: i64) -> Res<()> {
    f.vm.mem.slice(addr, len)?;
    push_input(f, SourceKind::Evaluate, f.input.current().src, -1)?;
    let inp = f.input.current_mut();
    inp.buf = addr;
    inp.len = len;
    let r = interpret(f);
    pop_input(f);
    r
}

/// Register text as a source and return its id.
pub(crate) fn add_source(f: &mut Forth, name: &str, text: Vec<u8>) -> Res<u32> {
    // Including the same text again reuses its record.
    let Some(src) = f.input.add_text(name, text) else {
        return Err(f.fail(
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
pub(crate) fn interpret_text(f: &mut Forth, name: &str, text: Vec<u8>, source_id: i64) -> Res<()> {
    interpret_lines(f, name, text, source_id, false)
}

/// Interpret a text, reading past its first line unseen when
/// `skip_first` (line numbers still count it).
fn interpret_lines(
    f: &mut Forth,
    name: &str,
    text: Vec<u8>,
    source_id: i64,
    skip_first: bool,
) -> Res<()> {
    let src = add_source(f, name, text)?;
    push_input(f, SourceKind::Text { next: 0 }, src, source_id)?;
    let r = if skip_first {
        refill(f).and_then(|_| interpret_source(f))
    } else {
        interpret_source(f)
    };
    pop_input(f);
    r
}

/// Find a file to include: as given, or beside the file being read.
/// A name written on Windows (`lib\board.fs`) is found elsewhere too:
/// where a backslash is an ordinary file-name character (Linux, macOS)
/// and no file has the name as written, its backslashes are read as
/// folder separators. (Windows reads them so itself.)
pub(crate) fn resolve_path(f: &Forth, name: &str) -> PathBuf {
    let written = PathBuf::from(name);
    if let Some(found) = find_file(f, &written) {
        return found;
    }
    if name.contains('\\')
        && let Some(found) = find_file(f, &PathBuf::from(name.replace('\\', "/")))
    {
        return found;
    }
    // Not on disk: an example game compiled in, as named or beside the
    // (compiled-in) file being read.
    let beside = (!written.is_absolute())
        .then(|| f.input.reading_text())
        .flatten()
        .and_then(|s| Some(Path::new(&s.name).parent()?.join(&written)));
    [Some(written.clone()), beside]
        .into_iter()
        .flatten()
        .find_map(|p| crate::bundled::example(&p))
        .map_or(written, |(name, _)| PathBuf::from(name))
}

/// The file at `p`, or beside the file being read, if it exists.
fn find_file(f: &Forth, p: &Path) -> Option<PathBuf> {
    if p.exists() {
        return Some(p.to_path_buf());
    }
    if p.is_absolute() {
        return None;
    }
    let here = f.input.reading_text();
    let beside = here.and_then(|s| Path::new(&s.name).parent())?.join(p);
    beside.exists().then_some(beside)
}

/// INCLUDED: interpret a file.
pub(crate) fn included(f: &mut Forth, name: &str) -> Res<()> {
    let path = resolve_path(f, name);
    let text = read_source(f, &path, name)?;
    let canon = path.canonicalize().unwrap_or_else(|_| path.clone());
    f.input.note_included(canon);
    let Ok(id) = f.host.files.open_marker(&path) else {
        return Err(f.fail(FILE_IO, "too many open files"));
    };
    // A script's first line `#!/usr/bin/env playforth` is for the
    // system that starts it: not Forth (`#!` is a word only when a
    // blank follows it), so it is read past.
    let shebang = text.starts_with(b"#!");
    let outer = std::mem::replace(&mut f.input.redefined_from, f.input.redefined.len());
    let r = interpret_lines(f, &path.to_string_lossy(), text, id, shebang);
    f.host.files.close(id);
    note_redefined(f, &path.to_string_lossy());
    f.input.redefined_from = outer;
    r
}

/// The redefinitions a file made beyond the first few, which were
/// noted as they came: one line for the rest.
fn note_redefined(f: &mut Forth, file: &str) {
    let from = f.input.redefined_from.min(f.input.redefined.len());
    let names: Vec<String> = f.input.redefined.drain(from..).collect();
    let Some(more) = names.get(crate::compiler::REDEFINED_NOTES..) else {
        return;
    };
    if more.is_empty() {
        return;
    }
    let shown = more.iter().take(6).cloned().collect::<Vec<_>>().join(" ");
    let etc = if more.len() > 6 { " …" } else { "" };
    let _ = writeln!(
        f.host.diag,
        "{file} redefined {} more words ({shown}{etc}): the new definitions are used from now on",
        more.len()
    );
}

/// Read a file to interpret: at most MAX_SOURCE_BYTES, in pieces, so an
/// endless file (`/dev/zero`) ends with an error and Ctrl-C stops it.
pub(crate) fn read_source(sys: &mut Forth, path: &Path, name: &str) -> Res<Vec<u8>> {
    use std::io::Read;
    let mut file = match std::fs::File::open(path) {
        Ok(f) => f,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            if let Some((_, text)) = crate::bundled::example(path) {
                return Ok(text.as_bytes().to_vec());
            }
            return Err(sys.fail(NO_SUCH_FILE, name));
        }
        Err(e) => return Err(sys.fail(NO_SUCH_FILE, format!("{name} ({e})"))),
    };
    let hint = file.metadata().map_or(0, |m| m.len() as usize);
    let mut text = Vec::with_capacity(hint.min(MAX_SOURCE_BYTES) + 1);
    let mut piece = vec![0u8; 1 << 16];
    loop {
        if sys.host.interrupt.take() {
            return Err(USER_INTERRUPT);
        }
        match file.read(&mut piece) {
            Ok(0) => return Ok(text),
            Ok(n) => text.extend_from_slice(&piece[..n]),
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) => return Err(sys.fail(FILE_IO, format!("cannot read {name}: {e}"))),
        }
        if text.len() > MAX_SOURCE_BYTES {
            return Err(sys.fail(
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
pub(crate) fn required(f: &mut Forth, name: &str) -> Res<()> {
    let path = resolve_path(f, name);
    let canon = path.canonicalize().unwrap_or(path);
    if f.input.was_included(&canon) {
        return Ok(());
    }
    included(f, name)
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
