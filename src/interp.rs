//! The outer interpreter: the input stream and the text interpreter.
//!
//! Input comes from a stack of sources (the terminal or stdin, included
//! files, EVALUATEd strings). The current line always sits in data space, so
//! SOURCE and >IN are real addresses that programs can read and change.
//! The interpreter takes one token at a time from the parse area, looks it
//! up, and executes or compiles it; what is not a word must be a number.
//! The stack of sources and the kept texts belong to `input::Input`; this
//! file moves the line into data space and reads it.

use crate::compiler;
use crate::error::*;
use crate::input::{MAX_KEPT_SOURCE_BYTES, MAX_SOURCES, SourceKind};
use crate::kernel::Forth;
use crate::parse::*;
use std::path::{Path, PathBuf};

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
            .is_some_and(|d| d.at_prompt && f.depth() <= d.depth)
        {
            run_prompt_definition(f)?;
        }
    }
}

/// Interpret or compile one token. What it compiles is recorded as
/// compiled by the word the token names (0 for a number or a local), and
/// the word before it is put back after, for EVALUATE inside an immediate
/// word.
fn interpret_token(f: &mut Forth, name: &str) -> Res<()> {
    let compiling = f.compiling();
    if compiling && let Some((i, kind)) = f.compiler.local(name) {
        let outer = std::mem::replace(&mut f.compiler.emitter, 0);
        let r = compiler::compile_local_fetch(f, i, kind);
        f.compiler.emitter = outer;
        return r;
    }
    let found = f.vm.dict.find(name);
    let outer = std::mem::replace(&mut f.compiler.emitter, found.unwrap_or(0));
    let r = interpret_found(f, name, compiling, found);
    f.compiler.emitter = outer;
    r
}

fn interpret_found(f: &mut Forth, name: &str, compiling: bool, found: Option<u32>) -> Res<()> {
    if let Some(xt) = found {
        let w = &f.vm.dict.words()[xt as usize];
        if compiling && !w.immediate() {
            if f.compiler.def.as_ref().is_some_and(|d| d.at_prompt)
                && crate::vocab::opens_definition(name)
            {
                return Err(f.fail(
                    COMPILER_NESTING,
                    format!("`{name}` cannot start a definition inside a control structure typed at the prompt: close the structure first"),
                ));
            }
            return compiler::compile_xt(f, xt);
        }
        if !compiling && w.compile_only() {
            if f.prefs.prompt_control && crate::vocab::opens_at_prompt(name) {
                return open_prompt_definition(f, xt);
            }
            if f.prefs.prompt_control
                && f.input.typed_at_prompt()
                && name.eq_ignore_ascii_case("[char]")
            {
                return bracket_char_at_prompt(f);
            }
            let prompt = if crate::vocab::opens_at_prompt(name) {
                " (at the REPL's prompt it runs at once; in a file, `-e` code or piped \
                 input put it in a definition, or say `true prompt-control` first)"
            } else if name.eq_ignore_ascii_case("exit") {
                ": it leaves the word it is in; to leave playforth, type `bye` or press Ctrl-D"
            } else {
                ""
            };
            return Err(f.fail(
                COMPILE_ONLY,
                format!("`{name}` only works inside a definition{prompt}"),
            ));
        }
        if name.eq_ignore_ascii_case("quit") && f.host.out.terminal {
            // Typed to leave, most likely: QUIT only empties the return
            // stack and reads the terminal again.
            f.host.note("note: `quit` empties the return stack and goes back to the prompt; to leave playforth, type `bye` or press Ctrl-D");
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
            note_double_with_dot(f, name, d);
            if compiling {
                compiler::emit(f, crate::instr::Instr::Lit(d as i64))?;
                compiler::emit(f, crate::instr::Instr::Lit((d >> 64) as i64))
            } else {
                f.push_double(d)
            }
        }
        None => float_token(f, name, compiling),
    }
}

/// `3.14` typed at the prompt, meant as a fraction: in Forth a dot makes
/// a double-cell integer (314). Said once a session; `3.` (a double on
/// purpose, as gforth writes them) says nothing.
fn note_double_with_dot(f: &mut Forth, name: &str, d: i128) {
    let typed = f.input.typed_at_prompt();
    let inner_dot = name.trim_end_matches('.').contains('.');
    // Decimal, as a fraction would be written (not `$1.F` or `0x1.F`).
    let decimal = f.base() == 10
        && name
            .trim_start_matches('-')
            .bytes()
            .all(|b| b.is_ascii_digit() || b == b'.');
    if !typed || !inner_dot || !decimal || f.prefs.double_dot_noted {
        return;
    }
    f.prefs.double_dot_noted = true;
    f.host.note(&format!("note: `{name}` is the double-cell integer {d} (a dot in a number makes a double, two cells); for a fraction write `{name}e`, a float"));
}

/// `[char] *` typed at the prompt, as lesson 5 shows it inside a word:
/// it pushes the code, as `char *` does there, and says once a session
/// that outside a definition (and in files, where it is refused) `char`
/// is the word.
fn bracket_char_at_prompt(f: &mut Forth) -> Res<()> {
    let (a, n) = crate::parse::parse_name(f)?;
    if n == 0 {
        return Err(f.fail(
            ZERO_LENGTH_NAME,
            "[CHAR] needs a character after it (`[char] *` gives the code of `*`)",
        ));
    }
    let c = f.vm.mem.byte(a)?;
    if !f.prefs.bracket_char_noted {
        f.prefs.bracket_char_noted = true;
        let c = c as char;
        f.host.note(&format!(
            "note: `[char]` belongs inside a definition; outside one, `char {c}` gives the code \
             (the prompt takes `[char] {c}` too, a file does not)"
        ));
    }
    f.push(c as i64)
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
    note_endless_do(f);
    compiler::end_definition(f)?;
    let xt = f.pop()? as u32;
    let end = compiler::code_here(f);
    let r = f.execute(xt);
    if let crate::dictionary::Kind::Colon(start) = f.vm.dict.words()[xt as usize].kind
        && compiler::code_here(f) == end
    {
        // A failure inside is reported at the word that compiled the
        // failing instruction (the `if` of `if 1 . then`), which the
        // code thrown away here cannot tell any more.
        if r.is_err()
            && f.pending.fault.active
            && let Some(ip) = f.pending.fault.ip.filter(|&ip| (start..end).contains(&ip))
            && let Some(pos) = f.vm.code.pos(ip as usize)
        {
            let name = compiling_word(f, ip).unwrap_or_default();
            f.input.note_token(Some(pos), &name);
            f.pending.fault.ip = None;
        }
        f.vm.code.truncate(start as usize);
    }
    compiler::drop_header(f, xt);
    r
}

/// `-1 0 do … loop` (or `5 5 do`) typed at the prompt: DO's start is not
/// below its limit, so LOOP counts up by one until the index wraps round
/// to the limit, about 2^64 times. Said before it runs (Ctrl-C stops it).
fn note_endless_do(f: &mut Forth) {
    use crate::instr::Instr;
    let Some(def) = f.compiler.def.as_ref().filter(|d| d.at_prompt) else {
        return;
    };
    let (start, end) = (def.code_start as usize, compiler::code_here(f) as usize);
    let first = f.vm.code.get(start).map(Instr::unfused);
    let last = end.checked_sub(1).and_then(|e| f.vm.code.get(e));
    let (Ok(from), Ok(limit)) = (f.peek(0), f.peek(1)) else {
        return;
    };
    let opener = match (first, last) {
        (Some(Instr::Do), Some(Instr::Loop(_))) if from >= limit => "do",
        (Some(Instr::QDo(_)), Some(Instr::Loop(_))) if from > limit => "?do",
        _ => return,
    };
    let times = match limit.wrapping_sub(from) as u64 {
        0 => "2^64".to_string(),
        n if n > 1 << 40 => "nearly 2^64".to_string(),
        n => n.to_string(),
    };
    let skip = if opener == "do" {
        "`?do` skips a loop whose start equals its limit; to"
    } else {
        "To"
    };
    f.host.note(&format!("note: this `{opener}` starts at {from}, not below its limit {limit}: `loop` adds 1 until the index \
         reaches the limit, so the loop runs {times} times (Ctrl-C stops it). {skip} count down, end it \
         with `-1 +loop`"));
}

/// The word that compiled the instruction at `at`, as the code space
/// recorded it (`if` for its branch, a user's immediate word for what it
/// postponed), else the token at its place in the kept source.
pub(crate) fn compiling_word(f: &Forth, at: u32) -> Option<String> {
    let by = f.vm.code.by(at as usize).filter(|&xt| xt != 0);
    match by.and_then(|xt| f.vm.dict.words().get(xt as usize)) {
        Some(w) if !w.name.is_empty() => Some(w.name.to_string()),
        _ => f.input.token_at(f.vm.code.pos(at as usize)?),
    }
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

/// Find a file to include: beside the file being read, or as given (from
/// the current directory), so a library's `require util.fs` finds its own
/// `util.fs` whatever the current directory holds, as in gforth.
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

/// The file at `p` beside the file being read, or else at `p`, if it exists.
fn find_file(f: &Forth, p: &Path) -> Option<PathBuf> {
    if !p.is_absolute()
        && let Some(beside) = f
            .input
            .reading_text()
            .and_then(|s| Path::new(&s.name).parent())
            .map(|dir| dir.join(p))
        && beside.exists()
    {
        return Some(beside);
    }
    p.exists().then(|| p.to_path_buf())
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
    // Stack comments that disagree with their code are warned about one by
    // one in the script run; a file it (or the prompt) includes gets a line.
    let file = path.to_string_lossy().into_owned();
    let script = f.input.reading_text().is_none() && f.input.main_script.as_ref() == Some(&file);
    let outer_checks = compiler::read_quietly(f, script);
    let r = interpret_lines(f, &file, text, id, shebang);
    f.host.files.close(id);
    compiler::end_quiet_read(f, &file, outer_checks);
    note_redefined(f, &file);
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
    f.host.note(&format!(
        "{file} redefined {} more words ({shown}{etc}): the new definitions are used from now on",
        more.len()
    ));
}

/// Read a file to interpret: at most MAX_SOURCE_BYTES, in pieces, so an
/// endless file (`/dev/zero`) ends with an error and Ctrl-C stops it.
pub(crate) fn read_source(sys: &mut Forth, path: &Path, name: &str) -> Res<Vec<u8>> {
    use std::io::Read;
    if let Some(what) = crate::io::not_a_regular_file(path) {
        return Err(sys.fail(
            FILE_IO,
            format!("{name} is {what}: playforth reads regular files only"),
        ));
    }
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

/// A token that is neither a word nor an integer: a float literal when
/// BASE is decimal (pushed, or compiled), else an undefined word.
pub(crate) fn float_token(f: &mut Forth, name: &str, compiling: bool) -> Res<()> {
    let r = (f.base() == 10)
        .then(|| crate::number::parse_float(name.as_bytes()))
        .flatten();
    match r {
        Some(r) if compiling => compile_float(f, r),
        Some(r) => f.vm.stacks.fpush(r),
        None => Err(f.fail(UNDEFINED_WORD, name)),
    }
}

/// Compile a float literal: its bits, then `(flit)`.
pub(crate) fn compile_float(f: &mut Forth, r: f64) -> Res<()> {
    compiler::emit(f, crate::instr::Instr::Lit(r.to_bits() as i64))?;
    compiler::emit(f, crate::words::spec::known().flit)
}

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
