//! The input stream over a whole system: SOURCE and >IN, REFILL, PARSE
//! and PARSE-NAME, the line buffers, and number conversion — what the
//! compiler, the interpreter and the parsing words read tokens with.

use crate::code::Pos;
use crate::error::*;
use crate::input::SourceKind;
use crate::kernel::Forth;
use crate::lexer;
use crate::memory::{IN_ADDR, TIB_SIZE};
use std::io::Write as _;

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
    let line = if memchr::memmem::find(line, b"\xc2\xa0").is_some() {
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
pub(crate) fn token_pos_at(f: &Forth, addr: i64) -> Option<Pos> {
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
