//! Characters and strings: string literals, string handling, number
//! conversion and the pictured numeric output of `<# # #S #>`.

use super::spec::primitives;
use crate::compiler;
use crate::error::*;
use crate::instr::Instr;
use crate::kernel::Forth;
use crate::memory::{HOLD_END, HOLD_START};
pub(crate) use crate::number::{digits, signed};
use crate::words::sys;

/// Decode the escapes of S\" (Forth-2012 6.2.2266).
fn unescape(f: &mut Forth) -> Res<Vec<u8>> {
    let mut out = Vec::new();
    let (addr, len) = crate::parse::parse_area(f);
    let area = f.vm.mem.slice(addr, len)?.to_vec();
    let mut i = 0;
    while i < area.len() {
        let c = area[i];
        i += 1;
        if c == b'"' {
            let used = crate::parse::to_in(f);
            crate::parse::set_to_in(f, used + i as i64);
            return Ok(out);
        }
        if c != b'\\' || i >= area.len() {
            out.push(c);
            continue;
        }
        let e = area[i];
        i += 1;
        match e {
            b'a' => out.push(7),
            b'b' => out.push(8),
            b'e' => out.push(27),
            b'f' => out.push(12),
            b'l' | b'n' => out.push(10),
            b'm' => out.extend_from_slice(b"\r\n"),
            b'q' | b'"' => out.push(b'"'),
            b'r' => out.push(13),
            b't' => out.push(9),
            b'v' => out.push(11),
            b'z' => out.push(0),
            b'\\' => out.push(b'\\'),
            b'x' => {
                let hex = area.get(i..i + 2).and_then(|h| std::str::from_utf8(h).ok());
                match hex.and_then(|h| u8::from_str_radix(h, 16).ok()) {
                    Some(b) => {
                        out.push(b);
                        i += 2;
                    }
                    None => return Err(f.fail(PARSED_OVERFLOW, "\\x needs two hex digits")),
                }
            }
            other => out.push(other),
        }
    }
    crate::parse::set_to_in(f, f.input.current().len);
    Ok(out)
}

/// SUBSTITUTE's work: `%name%` becomes the text REPLACES gave that name,
/// `%%` becomes `%`, anything else is copied. Returns the text and the
/// number of substitutions, or None as soon as the text would pass `room`
/// bytes: the result is never built bigger than the buffer it goes to.
fn substitute(
    text: &[u8],
    subs: &crate::kernel::Substitutions,
    room: usize,
) -> Option<(Vec<u8>, i64)> {
    let mut out = Vec::new();
    let mut count = 0;
    let mut i = 0;
    let put = |out: &mut Vec<u8>, bytes: &[u8]| {
        if out.len() + bytes.len() > room {
            return None;
        }
        out.extend_from_slice(bytes);
        Some(())
    };
    // The name looked up last and its text: `%a%%a%…` looks up once.
    let mut last: Option<(&[u8], Option<&[u8]>)> = None;
    while i < text.len() {
        // The run up to the next `%` goes at once.
        let next = memchr::memchr(b'%', &text[i..]).map_or(text.len(), |k| i + k);
        if next > i {
            put(&mut out, &text[i..next])?;
            i = next;
            continue;
        }
        if text.get(i + 1) == Some(&b'%') {
            put(&mut out, b"%")?;
            i += 2;
            continue;
        }
        let name_end = memchr::memchr(b'%', &text[i + 1..]).map(|k| i + 1 + k);
        let found = name_end.and_then(|e| {
            let name = &text[i + 1..e];
            let t = match last {
                Some((n, t)) if n == name => t,
                _ => {
                    let t = substitution(subs, name);
                    last = Some((name, t));
                    t
                }
            };
            t.map(|t| (e, t))
        });
        match found {
            Some((e, t)) => {
                put(&mut out, t)?;
                count += 1;
                i = e + 1;
            }
            None => {
                put(&mut out, b"%")?;
                i += 1;
            }
        }
    }
    Some((out, count))
}

/// The text REPLACES gave `name` (case is not told apart), if any: a name
/// already in lower-case ASCII is looked up as it is, without a copy.
fn substitution<'a>(subs: &'a crate::kernel::Substitutions, name: &[u8]) -> Option<&'a [u8]> {
    let found = match std::str::from_utf8(name) {
        Ok(n) if !n.bytes().any(|c| c.is_ascii_uppercase() || c >= 0x80) => subs.get(n),
        _ => subs.get(&String::from_utf8_lossy(name).to_lowercase()),
    };
    found.map(|t| t.as_slice())
}

/// Where `needle` first occurs in `hay`: linear time (memchr's two-way
/// search), in pieces so that Ctrl-C stops a search of a huge range.
fn find_interruptibly(
    hay: &[u8],
    needle: &[u8],
    irq: &crate::host::Interrupt,
) -> Res<Option<usize>> {
    const PIECE: usize = 1 << 22;
    let finder = memchr::memmem::Finder::new(needle);
    let mut from = 0;
    loop {
        // Pieces overlap by the needle's length, so no match is cut in two.
        let to = (from + PIECE + needle.len()).min(hay.len());
        if let Some(i) = finder.find(&hay[from..to]) {
            return Ok(Some(from + i));
        }
        if to == hay.len() {
            return Ok(None);
        }
        if irq.take() {
            return Err(USER_INTERRUPT);
        }
        from += PIECE;
    }
}

/// Store a string in data space at HERE and compile code that pushes it.
/// In a structure typed at the prompt (`create t 3 0 do s" x" 2, loop`),
/// whose code is thrown away once it ran, the string is kept on the heap
/// instead, as if typed outside a definition: data space is the program's,
/// and a table being built there must not get the string's bytes.
pub(crate) fn compile_string(f: &mut Forth, s: &[u8]) -> Res<()> {
    let addr = string_home(f, s)?;
    compiler::emit(f, Instr::Str(addr as u32, s.len() as u32))
}

/// Where a compiled string's bytes go: HERE, or the heap at the prompt.
fn string_home(f: &mut Forth, s: &[u8]) -> Res<i64> {
    if f.compiler.def.as_ref().is_some_and(|d| d.at_prompt) {
        Ok(kept(f, s)?.0)
    } else {
        sys::allot_bytes(f, s)
    }
}

/// The most heap the interpreted strings keep, all together.
const KEPT_STRING_BYTES: usize = 16 << 20;

/// Keep an interpreted string for good, in a heap block of its own, as
/// gforth does: a table of them (`s" ..." 2,` line after line) stays
/// right however long it grows. Within a bound (-8 past it, saying so).
fn kept(f: &mut Forth, s: &[u8]) -> Res<(i64, i64)> {
    // Counted as the heap blocks they take (16-byte grains).
    let size = s.len().max(1).div_ceil(16) * 16;
    let used = f.words.text.kept_bytes;
    if used + size > KEPT_STRING_BYTES {
        return Err(f.fail(
            DICTIONARY_OVERFLOW,
            format!(
                "the strings typed outside a definition (S\", S\\\", C\") are kept for good, and they would take more than {} MiB: \
                 put a string that is made again and again inside a definition, which keeps it once",
                KEPT_STRING_BYTES >> 20
            ),
        ));
    }
    let Some(addr) = f.vm.mem.allocate(s.len() as i64) else {
        return Err(f.fail(
            ALLOCATE,
            "no heap left to keep the string typed outside a definition (S\" keeps each one, as gforth does); FREE some ALLOCATEd memory",
        ));
    };
    f.vm.mem.write(addr, s)?;
    f.words.text.kept_bytes = used + size;
    Ok((addr, s.len() as i64))
}

/// Compile or push a parsed string, as S" does.
fn string_literal(f: &mut Forth, s: &[u8]) -> Res<()> {
    if f.compiling() {
        compile_string(f, s)
    } else {
        let (a, n) = kept(f, s)?;
        f.push(a)?;
        f.push(n)
    }
}

/// The text up to the closing quote, or to the end of the line when no
/// quote closes it, as the standard reads it (at the prompt too: a string
/// left open swallowed the lines after it, `;` and all). That case is
/// kept for the report of a later error, and typed at the prompt it gets
/// a note at once.
fn parse_quoted(f: &mut Forth) -> Res<Vec<u8>> {
    let (start, len) = crate::parse::parse_area(f);
    let closed = f.vm.mem.slice(start, len)?.contains(&b'"');
    let (a, n) = crate::parse::parse(f, b'"')?;
    let text = f.vm.mem.slice(a, n)?.to_vec();
    if !closed {
        let word = f.input.token_name().to_ascii_lowercase();
        let at = f.input.token_pos();
        // The REPL said so already when the string was on an earlier
        // line of the input it gathered.
        if f.input.typed_at_prompt() && f.input.on_last_line() {
            f.host.note(&format!(
                "note: no `\"` closes the text after `{word}`: it ends with the line"
            ));
        }
        f.input.unclosed_text = Some((word, at));
    }
    Ok(text)
}

fn hold(f: &mut Forth, c: u8) -> Res<()> {
    if f.words.text.hld <= HOLD_START {
        return Err(PICTURED_OVERFLOW);
    }
    f.words.text.hld -= 1;
    f.vm.mem.set_byte(f.words.text.hld as i64, c)
}

/// BASE for printing a number: -24 unless it is 2 to 36, the bases
/// there are digits for (the interpreter reads no number in another).
pub(crate) fn output_base(f: &mut Forth) -> Res<i64> {
    let base = f.base();
    if (2..=36).contains(&base) {
        return Ok(base);
    }
    Err(f.fail(
        INVALID_NUMERIC_ARG,
        format!("BASE is {base}, but numbers have digits in bases 2 to 36 only; `decimal` goes back to base 10"),
    ))
}

fn emit_str(f: &mut Forth, s: &str) -> Res<()> {
    crate::words::io::write_out(f, s.as_bytes())
}

/// Print right-aligned in a field of `width`.
fn emit_right(f: &mut Forth, s: &str, width: i64) -> Res<()> {
    let width = width.max(0) as u64;
    crate::words::io::write_spaces(f, width.saturating_sub(s.len() as u64))?;
    emit_str(f, s)
}

/// ." and .\": print the string now, or compile printing it.
fn print_or_compile(f: &mut Forth, s: &[u8]) -> Res<()> {
    if f.compiling() {
        compile_string(f, s)?;
        compiler::emit(f, Text::DotQuoteRun.instr())
    } else {
        crate::words::io::write_out(f, s)
    }
}

primitives! {
    /// Characters, strings and number conversion.
    enum Text;
    base = super::spec::TEXT_BASE;

    Count "count" "( c-addr -- c-addr+1 u )" Core Plain "The address and length of a counted string." example "create name ,\" Forth\"  name count type  \\ Forth" |f| {
        let a = f.pop()?;
        let n = f.vm.mem.byte(a)?;
        f.push(a.wrapping_add(1))?;
        f.push(n as i64)
    }
    SQuote "s\"" "( \"ccc<quote>\" -- c-addr u )" Core Immediate "A string up to the next \"; compiled in a definition, kept for good outside one (as in gforth)." example "s\" forth\" type  \\ forth" |f| {
        let s = parse_quoted(f)?;
        string_literal(f, &s)
    }
    SBackslashQuote "s\\\"" "( \"ccc<quote>\" -- c-addr u )" CoreExt Immediate "Like S\" but with escapes such as \\n \\t \\\" \\x41." example "s\\\" one\\ttwo\\n\" type  \\ one two (a tab between, a new line after)" |f| {
        let s = unescape(f)?;
        string_literal(f, &s)
    }
    DotQuote ".\"" "( \"ccc<quote>\" -- )" Core Immediate "Print a string up to the next \" (compiled in a definition)." example ": hi .\" Hello!\" ; hi  \\ Hello!" |f| {
        let s = parse_quoted(f)?;
        print_or_compile(f, &s)
    }
    DotBackslashQuote ".\\\"" "( \"ccc<quote>\" -- )" Gforth Immediate "Print a string with escapes such as \\n \\t (compiled in a definition): .\\\" a\\tb\\n\"." |f| {
        let s = unescape(f)?;
        print_or_compile(f, &s)
    }
    Scan "scan" "( c-addr u char -- c-addr' u' )" Gforth Plain "The rest of the string from the first char in it (empty if none)." |f| {
        let c = f.pop()? as u8;
        let u = f.pop_len()?;
        let a = f.pop()?;
        let n = f.vm.mem.slice(a, u)?.iter().position(|&b| b == c).unwrap_or(u as usize) as i64;
        f.push(a + n)?;
        f.push(u - n)
    }
    Skip "skip" "( c-addr u char -- c-addr' u' )" Gforth Plain "The rest of the string after any leading chars." |f| {
        let c = f.pop()? as u8;
        let u = f.pop_len()?;
        let a = f.pop()?;
        let n = f.vm.mem.slice(a, u)?.iter().position(|&b| b != c).unwrap_or(u as usize) as i64;
        f.push(a + n)?;
        f.push(u - n)
    }
    DotParen ".(" "( \"ccc<paren>\" -- )" CoreExt Immediate "Print a string up to the next ), at once." example ".( shown at once)  \\ shown at once" |f| {
        let (a, n) = crate::parse::parse(f, b')')?;
        let s = f.vm.mem.slice(a, n)?.to_vec();
        crate::words::io::write_out(f, &s)
    }
    CQuote "c\"" "( \"ccc<quote>\" -- c-addr )" CoreExt Immediate "A counted string up to the next \"." example ": greeting c\" hi\" ;  greeting count type  \\ hi" |f| {
        let s = parse_quoted(f)?;
        if s.len() > 255 {
            return Err(f.fail(PARSED_OVERFLOW, "counted strings hold at most 255 bytes"));
        }
        let mut counted = vec![s.len() as u8];
        counted.extend_from_slice(&s);
        if f.compiling() {
            let a = string_home(f, &counted)?;
            compiler::emit(f, Instr::Lit(a))
        } else {
            let (a, _) = kept(f, &counted)?;
            f.push(a)
        }
    }
    CommaQuote ",\"" "( \"ccc<quote>\" -- )" Gforth Plain "Store a counted string at HERE." example "create msg ,\" hello\"  msg count type  \\ hello" |f| {
        let s = parse_quoted(f)?;
        if s.len() > 255 {
            return Err(f.fail(PARSED_OVERFLOW, "counted strings hold at most 255 bytes"));
        }
        let mut counted = vec![s.len() as u8];
        counted.extend_from_slice(&s);
        sys::allot_bytes(f, &counted).map(|_| ())
    }
    SLiteral "sliteral" "( c-addr u -- )" String ImmediateCompileOnly "Compile a string that the definition will push." example ": hi [ s\" hello\" ] sliteral type ;  hi  \\ hello" |f| {
        let s = f.pop_bytes()?;
        compile_string(f, &s)
    }
    Char "char" "( \"name\" -- char )" Core Plain "The first character of the next word." example "char A .  \\ 65" |f| {
        let (a, n) = crate::parse::parse_name(f)?;
        if n == 0 {
            return Err(f.fail(ZERO_LENGTH_NAME, "CHAR needs a character after it"));
        }
        let c = f.vm.mem.byte(a)?;
        f.push(c as i64)
    }
    BracketChar "[char]" "( \"name\" -- )" Core ImmediateCompileOnly "Compile the first character of the next word as a literal." example ": a? ( c -- f ) [char] a = ;  char a a? .  \\ -1" |f| {
        let (a, n) = crate::parse::parse_name(f)?;
        if n == 0 {
            return Err(f.fail(ZERO_LENGTH_NAME, "[CHAR] needs a character after it"));
        }
        let c = f.vm.mem.byte(a)?;
        compiler::emit(f, Instr::Lit(c as i64))
    }
    AbortQuote "abort\"" "( \"ccc<quote>\" -- ) run: ( flag -- )" Exception ImmediateCompileOnly "At run time, if flag is true, abort with this message (throw -2)." example ": guard ( n -- ) 0< abort\" negative!\" ;" |f| {
        let s = parse_quoted(f)?;
        compile_string(f, &s)?;
        compiler::emit(f, Text::AbortIf.instr())
    }
    DotQuoteRun "(.\")" "( c-addr u -- )" Playforth Plain "The run-time of .\" (prints the string)." |f| {
        let s = f.pop_bytes()?;
        crate::words::io::write_out(f, &s)
    }
    AbortIf "(abort\")" "( flag c-addr u -- )" Playforth Plain "The run-time of ABORT\"." |f| {
        let msg = f.pop_string()?;
        if f.pop_bool()? {
            return Err(f.fail(ABORT_QUOTE, msg));
        }
        Ok(())
    }
    Compare "compare" "( c-addr1 u1 c-addr2 u2 -- n )" String Plain "Compare two strings: -1, 0 or 1." example "s\" abc\" s\" abd\" compare .  \\ -1" |f| {
        let (u2, a2) = (f.pop()?, f.pop()?);
        let (u1, a1) = (f.pop()?, f.pop()?);
        let order = f.vm.mem.slice(a1, u1)?.cmp(f.vm.mem.slice(a2, u2)?);
        f.push(match order {
            std::cmp::Ordering::Less => -1,
            std::cmp::Ordering::Equal => 0,
            std::cmp::Ordering::Greater => 1,
        })
    }
    Search "search" "( c-addr1 u1 c-addr2 u2 -- c-addr3 u3 flag )" String Plain "Find string 2 in string 1: the rest of string 1 from the match, and true." example "s\" hello world\" s\" wor\" search . type  \\ -1 world" |f| {
        let needle = f.pop_bytes()?;
        let (u, a) = (f.pop()?, f.pop()?);
        let hay = f.vm.mem.slice(a, u)?;
        let at = find_interruptibly(hay, &needle, &f.host.interrupt)?;
        match at {
            Some(i) => { f.push(a + i as i64)?; f.push(u - i as i64)?; f.push(-1) }
            None => { f.push(a)?; f.push(u)?; f.push(0) }
        }
    }
    MinusTrailing "-trailing" "( c-addr u -- c-addr u' )" String Plain "Drop trailing spaces." example "s\" hi   \" -trailing nip .  \\ 2" |f| {
        let u = f.pop()?;
        let a = f.peek(0)?;
        let s = f.vm.mem.slice(a, u)?;
        let n = s.iter().rposition(|&c| c != b' ').map_or(0, |i| i + 1);
        f.push(n as i64)
    }
    SlashString "/string" "( c-addr u n -- c-addr+n u-n )" String Plain "Drop n characters from the start of a string." example "s\" abcdef\" 2 /string type  \\ cdef" |f| {
        let n = f.pop()?;
        let u = f.pop()?;
        let a = f.pop()?;
        f.push(a.wrapping_add(n))?;
        f.push(u.wrapping_sub(n))
    }
    Capscompare "capscompare" "( c-addr1 u1 c-addr2 u2 -- n )" Gforth Plain "Compare two strings as COMPARE does, ignoring the case of ASCII letters: -1, 0 or 1." |f| {
        let b = f.pop_bytes()?.to_ascii_uppercase();
        let a = f.pop_bytes()?.to_ascii_uppercase();
        f.push(match a.cmp(&b) {
            std::cmp::Ordering::Less => -1,
            std::cmp::Ordering::Equal => 0,
            std::cmp::Ordering::Greater => 1,
        })
    }
    ToUpper "toupper" "( char -- char' )" Gforth Plain "Upper-case an ASCII letter." example "char a toupper emit  \\ A" |f| {
        let c = f.pop()?;
        f.push(if (b'a' as i64..=b'z' as i64).contains(&c) { c - 32 } else { c })
    }
    ToNumber ">number" "( ud1 c-addr1 u1 -- ud2 c-addr2 u2 )" Core Plain "Accumulate digits in BASE into ud1; stop at the first non-digit." example "0. s\" 42\" >number 2drop d.  \\ 42" |f| {
        let mut u = f.pop()?;
        let mut a = f.pop()?;
        let mut ud = f.pop_double()? as u128;
        // No digit converts in a BASE that has none, as the interpreter reads.
        let base = f.base();
        let base = if (2..=36).contains(&base) { base as u32 } else { 0 };
        while u > 0 {
            let c = f.vm.mem.byte(a)? as char;
            let Some(d) = c.to_digit(36).filter(|&d| d < base) else { break };
            ud = ud.wrapping_mul(base as u128).wrapping_add(d as u128);
            a += 1;
            u -= 1;
        }
        f.push_double(ud as i128)?;
        f.push(a)?;
        f.push(u)
    }
    LessNumber "<#" "( -- )" Core Plain "Start pictured numeric output." example ": .money ( n -- ) s>d <# # # [char] . hold #s #> type ;  1234 .money  \\ 12.34" |f| {
        f.words.text.hld = HOLD_END;
        Ok(())
    }
    NumberSign "#" "( ud -- ud' )" Core Plain "Convert one digit of ud into the picture." example ": .2 ( n -- ) s>d <# # # #> type ;  7 .2  \\ 07" |f| {
        let ud = f.pop_double()? as u128;
        let base = output_base(f)? as u128;
        let d = (ud % base) as u32;
        hold(f, std::char::from_digit(d, 36).unwrap_or('0').to_ascii_uppercase() as u8)?;
        f.push_double((ud / base) as i128)
    }
    NumberSignS "#s" "( ud -- 0 0 )" Core Plain "Convert all remaining digits." example "42 s>d <# #s #> type  \\ 42" |f| {
        let mut ud = f.pop_double()? as u128;
        let base = output_base(f)? as u128;
        loop {
            let d = (ud % base) as u32;
            hold(f, std::char::from_digit(d, 36).unwrap_or('0').to_ascii_uppercase() as u8)?;
            ud /= base;
            if ud == 0 {
                break;
            }
        }
        f.push_double(0)
    }
    NumberGreater "#>" "( xd -- c-addr u )" Core Plain "End pictured output: the converted string." example "42 s>d <# #s #> type  \\ 42" |f| {
        f.pop_double()?;
        let h = f.words.text.hld.clamp(HOLD_START, HOLD_END);
        f.push(h as i64)?;
        f.push((HOLD_END - h) as i64)
    }
    Hold "hold" "( char -- )" Core Plain "Add a character to the picture." example ": .dollars ( n -- ) s>d <# #s [char] $ hold #> type ;  42 .dollars  \\ $42" |f| {
        let c = f.pop()?;
        hold(f, c as u8)
    }
    Holds "holds" "( c-addr u -- )" CoreExt Plain "Add a string to the picture." example "42 s>d <# #s s\" = \" holds #> type  \\ = 42" |f| {
        let s = f.pop_bytes()?;
        for &c in s.iter().rev() {
            hold(f, c)?;
        }
        Ok(())
    }
    Sign "sign" "( n -- )" Core Plain "Add a minus sign to the picture if n is negative." example "-42 dup abs s>d <# #s rot sign #> type  \\ -42" |f| {
        if f.pop()? < 0 { hold(f, b'-') } else { Ok(()) }
    }
    Dot "." "( n -- )" Core Plain "Print a number and a space." example "42 .  \\ 42 (and a space)" |f| {
        let n = f.pop()?;
        let s = signed(n as i128, output_base(f)?);
        emit_str(f, &s)?;
        emit_str(f, " ")
    }
    UDot "u." "( u -- )" Core Plain "Print an unsigned number and a space." example "-1 u.  \\ 18446744073709551615 (the largest unsigned cell)" |f| {
        let n = f.pop()?;
        let s = digits(n as u64 as u128, output_base(f)?);
        emit_str(f, &s)?;
        emit_str(f, " ")
    }
    DotR ".r" "( n width -- )" CoreExt Plain "Print a number right-aligned in a field." example "42 6 .r  \\ 42 (right-aligned in 6 columns)" |f| {
        let w = f.pop()?;
        let n = f.pop()?;
        let s = signed(n as i128, output_base(f)?);
        emit_right(f, &s, w)
    }
    UDotR "u.r" "( u width -- )" CoreExt Plain "Print an unsigned number right-aligned in a field." example "42 6 u.r  \\ 42 (right-aligned in 6 columns)" |f| {
        let w = f.pop()?;
        let n = f.pop()?;
        let s = digits(n as u64 as u128, output_base(f)?);
        emit_right(f, &s, w)
    }
    DDot "d." "( d -- )" Double Plain "Print a double and a space." example "1. d.  \\ 1" |f| {
        let d = f.pop_double()?;
        let s = signed(d, output_base(f)?);
        emit_str(f, &s)?;
        emit_str(f, " ")
    }
    DDotR "d.r" "( d width -- )" Double Plain "Print a double right-aligned in a field." example "1. 6 d.r  \\ 1 (right-aligned in 6 columns)" |f| {
        let w = f.pop()?;
        let d = f.pop_double()?;
        let s = signed(d, output_base(f)?);
        emit_right(f, &s, w)
    }
    UDDot "ud." "( ud -- )" Gforth Plain "Print an unsigned double and a space." example "-1. ud.  \\ 340282366920938463463374607431768211455 (the largest unsigned double)" |f| {
        let d = f.pop_double()?;
        let s = digits(d as u128, output_base(f)?);
        emit_str(f, &s)?;
        emit_str(f, " ")
    }
    Replaces "replaces" "( c-addr1 u1 c-addr2 u2 -- )" String Plain "Make SUBSTITUTE replace %name% (string 2) with string 1." example "s\" tiger\" s\" animal\" replaces  s\" the %animal%\" pad 80 substitute drop type  \\ the tiger" |f| {
        let name = f.pop_string()?.to_lowercase();
        let text = f.pop_bytes()?;
        f.words.text.substitutions.set(name, text).map_err(|(t, why)| f.fail(t, why))
    }
    Substitute "substitute" "( c-addr1 u1 c-addr2 u2 -- c-addr2 u3 n )" String Plain "Copy string 1 into the buffer c-addr2 u2, replacing each %name%; n substitutions, or -78 if it does not fit." example "s\" tiger\" s\" animal\" replaces  s\" the %animal%\" pad 80 substitute drop type  \\ the tiger" |f| {
        let room = f.pop_len()?;
        let buf = f.pop()?;
        let len = f.pop()?;
        let addr = f.pop()?;
        let text = f.vm.mem.slice(addr, len)?;
        // The buffer must be there; the result stops at its size.
        f.vm.mem.slice(buf, room)?;
        let Some((out, n)) = substitute(text, &f.words.text.substitutions, room as usize) else {
            f.push(buf)?;
            f.push(0)?;
            return f.push(SUBSTITUTE.0);
        };
        f.vm.mem.write(buf, &out)?;
        f.push(buf)?;
        f.push(out.len() as i64)?;
        f.push(n)
    }
    Unescape "unescape" "( c-addr1 u1 c-addr2 -- c-addr2 u2 )" String Plain "Copy string 1 to c-addr2, doubling each % so SUBSTITUTE leaves it alone." example "s\" 50%\" pad unescape type  \\ 50%%" |f| {
        let buf = f.pop()?;
        let text = f.pop_bytes()?;
        let out: Vec<u8> = text.iter().flat_map(|&c| if c == b'%' { vec![b'%', b'%'] } else { vec![c] }).collect();
        f.vm.mem.write(buf, &out)?;
        f.push(buf)?;
        f.push(out.len() as i64)
    }
}
