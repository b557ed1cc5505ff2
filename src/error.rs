//! Errors are values: a [`Throw`] travels through the inner and outer
//! interpreters as a bare throw code (cheap to return on the hot path), and
//! only when nobody CATCHes it does the host turn it into a [`ForthError`]
//! with a message, a source location and a backtrace of Forth words.

use crate::kernel::Forth;
use crate::kernel::{Fault, STUB_END};
use crate::stacks::DS_SIZE;
use crate::teach;
use crate::words::float;
use std::fmt;

/// A Forth exception in flight: just its throw code. Details that need text
/// (the name of an undefined word, the text of ABORT") are parked in the VM
/// and picked up when the error is reported.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Throw(pub i64);

/// The result type of everything that can THROW.
pub(crate) type Res<T> = Result<T, Throw>;

// The standard throw codes this system raises (Forth-2012 table 9.1).
pub(crate) const ABORT: Throw = Throw(-1);
pub(crate) const ABORT_QUOTE: Throw = Throw(-2);
pub(crate) const STACK_OVERFLOW: Throw = Throw(-3);
pub(crate) const STACK_UNDERFLOW: Throw = Throw(-4);
pub(crate) const RSTACK_OVERFLOW: Throw = Throw(-5);
pub(crate) const RSTACK_UNDERFLOW: Throw = Throw(-6);
pub(crate) const LOOP_NESTING: Throw = Throw(-7);
pub(crate) const DICTIONARY_OVERFLOW: Throw = Throw(-8);
pub(crate) const BAD_ADDRESS: Throw = Throw(-9);
pub(crate) const DIVISION_BY_ZERO: Throw = Throw(-10);
pub(crate) const OUT_OF_RANGE: Throw = Throw(-11);
pub(crate) const UNDEFINED_WORD: Throw = Throw(-13);
pub(crate) const COMPILE_ONLY: Throw = Throw(-14);
pub(crate) const ZERO_LENGTH_NAME: Throw = Throw(-16);
pub(crate) const PICTURED_OVERFLOW: Throw = Throw(-17);
pub(crate) const PARSED_OVERFLOW: Throw = Throw(-18);
pub(crate) const NAME_TOO_LONG: Throw = Throw(-19);
pub(crate) const CONTROL_MISMATCH: Throw = Throw(-22);
pub(crate) const INVALID_NUMERIC_ARG: Throw = Throw(-24);
pub(crate) const USER_INTERRUPT: Throw = Throw(-28);
pub(crate) const COMPILER_NESTING: Throw = Throw(-29);
pub(crate) const NOT_CREATED: Throw = Throw(-31);
pub(crate) const INVALID_NAME: Throw = Throw(-32);
pub(crate) const FILE_IO: Throw = Throw(-37);
pub(crate) const IO_CHAR: Throw = Throw(-57);
pub(crate) const ARG_TYPE: Throw = Throw(-12);
pub(crate) const NO_LOOP: Throw = Throw(-26);
pub(crate) const RSTACK_IMBALANCE: Throw = Throw(-25);
pub(crate) const NO_SUCH_FILE: Throw = Throw(-38);
pub(crate) const UNEXPECTED_EOF: Throw = Throw(-39);
pub(crate) const ORDER_OVERFLOW: Throw = Throw(-49);
pub(crate) const ORDER_UNDERFLOW: Throw = Throw(-50);
pub(crate) const EXCEPTION_OVERFLOW: Throw = Throw(-53);
pub(crate) const FP_STACK_OVERFLOW: Throw = Throw(-44);
pub(crate) const FP_STACK_UNDERFLOW: Throw = Throw(-45);
pub(crate) const QUIT: Throw = Throw(-56);
pub(crate) const IF_ELSE_THEN: Throw = Throw(-58);
pub(crate) const ALLOCATE: Throw = Throw(-59);
pub(crate) const FREE: Throw = Throw(-60);
pub(crate) const RESIZE: Throw = Throw(-61);
/// Not a standard code: BYE unwinds with it, and CATCH lets it pass.
pub(crate) const BYE: Throw = Throw(-0x7fff_0000);

/// The standard text for a throw code.
pub(crate) fn describe(code: i64) -> &'static str {
    match code {
        -1 => "aborted",
        -2 => "aborted",
        -3 => "stack overflow",
        -4 => "stack underflow",
        -5 => "return stack overflow",
        -6 => "return stack underflow",
        -7 => "do-loops nested too deeply",
        -8 => "dictionary overflow",
        -9 => "invalid memory address",
        -10 => "division by zero",
        -11 => "result out of range",
        -12 => "argument type mismatch",
        -13 => "undefined word",
        -14 => "interpreting a compile-only word",
        -15 => "invalid FORGET",
        -16 => "attempt to use zero-length string as a name",
        -17 => "pictured numeric output string overflow",
        -18 => "parsed string overflow",
        -19 => "definition name too long",
        -20 => "write to a read-only location",
        -21 => "unsupported operation",
        -22 => "control structure mismatch",
        -23 => "address alignment exception",
        -24 => "invalid numeric argument",
        -25 => "return stack imbalance",
        -26 => "loop parameters unavailable",
        -27 => "invalid recursion",
        -28 => "user interrupt",
        -29 => "compiler nesting",
        -30 => "obsolescent feature",
        -31 => ">BODY used on non-CREATEd definition",
        -32 => "invalid name argument",
        -33 => "block read exception",
        -34 => "block write exception",
        -35 => "invalid block number",
        -36 => "invalid file position",
        -37 => "file I/O exception",
        -38 => "non-existent file",
        -39 => "unexpected end of file",
        -40 => "invalid BASE for floating point conversion",
        -41 => "loss of precision",
        -42 => "floating-point divide by zero",
        -43 => "floating-point result out of range",
        -44 => "floating-point stack overflow",
        -45 => "floating-point stack underflow",
        -46 => "floating-point invalid argument",
        -47 => "compilation word list deleted",
        -48 => "invalid POSTPONE",
        -49 => "search-order overflow",
        -50 => "search-order underflow",
        -51 => "compilation word list changed",
        -52 => "control-flow stack overflow",
        -53 => "exception stack overflow",
        -54 => "floating-point underflow",
        -55 => "floating-point unidentified fault",
        -56 => "QUIT",
        -57 => "exception in sending or receiving a character",
        -58 => "[IF], [ELSE], or [THEN] exception",
        -59 => "ALLOCATE failed",
        -60 => "FREE failed",
        -61 => "RESIZE failed",
        -62 => "CLOSE-FILE failed",
        -63 => "CREATE-FILE failed",
        -64 => "DELETE-FILE failed",
        -65 => "FILE-POSITION failed",
        -66 => "FILE-SIZE failed",
        -67 => "FILE-STATUS failed",
        -68 => "FLUSH-FILE failed",
        -69 => "OPEN-FILE failed",
        -70 => "READ-FILE failed",
        -71 => "READ-LINE failed",
        -72 => "RENAME-FILE failed",
        -73 => "REPOSITION-FILE failed",
        -74 => "RESIZE-FILE failed",
        -75 => "WRITE-FILE failed",
        -76 => "WRITE-LINE failed",
        -77 => "malformed xchar",
        -78 => "SUBSTITUTE failed",
        -79 => "REPLACES failed",
        _ => "uncaught exception",
    }
}

/// Where in the source a token stood: file (or `<stdin>`, `<evaluate>`),
/// 1-based line and column, and the line's text when it is known.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Location {
    pub file: String,
    pub line: u32,
    pub col: u32,
    pub text: Option<String>,
}

/// An uncaught Forth error, ready to be shown to a person.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ForthError {
    pub code: i64,
    pub message: String,
    /// The word that raised it (a primitive or the token being interpreted).
    pub word: Option<String>,
    pub location: Option<Box<Location>>,
    /// Forth words from the innermost outwards.
    pub backtrace: Vec<String>,
    /// What a learner needs to see next: effect, stack, suggestions.
    pub hints: Box<Hints>,
}

/// The teaching part of an error report.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Hints {
    /// The failing word's stack effect, when known.
    pub effect: Option<String>,
    /// The data stack the failing word was given, as `.S` shows it.
    pub stack: Option<String>,
    /// Known words close to an undefined one.
    pub suggestions: Vec<String>,
    /// Where the unclosed structure a control-structure error names was
    /// opened: the report shows a caret there too.
    pub opened: Option<Location>,
}

impl fmt::Display for ForthError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(loc) = &self.location {
            write!(f, "{}:{}:{}: ", loc.file, loc.line, loc.col)?;
        }
        write!(f, "error: {} ({})", self.message, self.code)?;
        if let Some(w) = &self.word {
            write!(f, " in `{w}`")?;
        }
        if let Some(loc) = &self.location
            && let Some(text) = &loc.text
        {
            // An unclosed structure opened on an earlier line: that line
            // first, with a caret under the opening word.
            let opened = self.hints.opened.as_ref().filter(|o| o.file == loc.file);
            let width = loc.line.to_string().len();
            let mut carets = vec![(loc.col as usize).saturating_sub(1)];
            match opened {
                Some(o) if o.line < loc.line && o.text.is_some() => {
                    let otext = o.text.as_deref().unwrap_or_default();
                    quote_line(
                        f,
                        o.line,
                        width,
                        otext,
                        &[(o.col as usize).saturating_sub(1)],
                    )?;
                }
                Some(o) if o.line == loc.line => {
                    carets.insert(0, (o.col as usize).saturating_sub(1))
                }
                _ => {}
            }
            quote_line(f, loc.line, width, text, &carets)?;
        }
        let h = &self.hints;
        match (&self.word, &h.effect, &h.stack) {
            (Some(w), Some(e), Some(s)) => write!(f, "\n  `{w}` takes {e}; the stack held {s}")?,
            (_, _, Some(s)) => write!(f, "\n  the stack held {s}")?,
            _ => {}
        }
        if !h.suggestions.is_empty() {
            let q: Vec<String> = h.suggestions.iter().map(|n| format!("`{n}`")).collect();
            write!(f, "\n  did you mean {}?", q.join(" or "))?;
        }
        if !self.backtrace.is_empty() {
            write!(f, "\n  called from: {}", self.backtrace.join(" <- "))?;
        }
        Ok(())
    }
}

impl std::error::Error for ForthError {}

/// Quote a source line (numbered, the number padded to `width`) with a
/// caret under each of the columns (0-based; the last one places the
/// excerpt of a long line, and carets outside it are left out).
fn quote_line(
    f: &mut fmt::Formatter<'_>,
    line: u32,
    width: usize,
    text: &str,
    cols: &[usize],
) -> fmt::Result {
    let main = cols.last().copied().unwrap_or(0);
    let (quoted, at) = excerpt(text, main);
    let shift = main as isize - at as isize;
    write!(f, "\n  {line:>width$} | {quoted}")?;
    // Keep tabs so the carets line up under the tokens.
    let chars: Vec<char> = quoted.chars().collect();
    let mut caret_line = String::new();
    for i in 0..=at {
        let here = cols.iter().any(|&col| col as isize - shift == i as isize);
        caret_line.push(match (here, chars.get(i)) {
            (true, _) => '^',
            (false, Some('\t')) => '\t',
            _ => ' ',
        });
    }
    write!(f, "\n  {:width$} | {}", "", caret_line.trim_end())
}

/// How much of a source line an error report quotes.
const QUOTE_CHARS: usize = 100;

/// A long line cut to the part around column `col` (0-based), with `…`
/// where text was left out, and the column of the caret in what is left.
fn excerpt(text: &str, col: usize) -> (String, usize) {
    let len = text.chars().count();
    if len <= QUOTE_CHARS {
        return (text.to_string(), col);
    }
    let from = col.saturating_sub(QUOTE_CHARS / 2).min(len - QUOTE_CHARS);
    let mut s = String::new();
    if from > 0 {
        s.push('…');
    }
    s.extend(text.chars().skip(from).take(QUOTE_CHARS));
    if from + QUOTE_CHARS < len {
        s.push('…');
    }
    (s, col - from + usize::from(from > 0))
}

/// A name or text cut to `max` characters for a message, saying how long
/// it really was.
pub(crate) fn shorten(text: &str, max: usize) -> String {
    let len = text.chars().count();
    if len <= max {
        return text.to_string();
    }
    let head: String = text.chars().take(max).collect();
    format!("{head}… ({} bytes)", text.len())
}

// ---- turning an uncaught throw into a report ----

/// The name of the word whose call was compiled last, if any.
fn last_compiled_name(f: &Forth) -> Option<String> {
    let here = crate::compiler::code_here(f).checked_sub(1)?;
    let start = f.compiler.def.as_ref()?.code_start;
    if here < start {
        return None;
    }
    f.instr_name(f.vm.code.get(here as usize)?)
}

/// The name of the colon definition being compiled, if any.
fn defining_name(f: &Forth) -> Option<&str> {
    let d = f.compiler.def.as_ref().filter(|d| !d.noname)?;
    Some(&f.vm.dict.words.get(d.xt as usize)?.name)
}

/// Turn an uncaught throw into a report, and forget the fault.
pub(crate) fn error_for(sys: &mut Forth, t: Throw) -> ForthError {
    let fault = if sys.pending.fault.active {
        sys.pending.fault.clone()
    } else {
        Fault::default()
    };
    sys.pending.fault.active = false;
    let msg = sys
        .pending
        .throw_msg
        .take()
        .filter(|(c, _)| *c == t)
        .map(|(_, m)| m);
    let code = t.0;
    // An undefined word the message explains gets no "did you mean".
    let mut explained = false;
    let mut message = match (code, msg) {
        (-2, Some(m)) => m,
        (-13, Some(m)) => {
            let mut msg = format!("undefined word `{}`", crate::error::shorten(&m, 60));
            // A space character pasted from a document is part of the name.
            if let Some(c) = m.chars().find(|c| c.is_whitespace() && !c.is_ascii()) {
                msg += &format!(
                    " (it contains U+{:04X}, a space character that Forth does not count as a blank)",
                    c as u32
                );
            }
            // Compiled just before it: `:` (the `;` before it missing)
            // or `char` (`[char]` meant).
            let before = sys.compiling().then(|| last_compiled_name(sys)).flatten();
            match (before.as_deref(), defining_name(sys)) {
                (Some(":"), Some(def)) => {
                    explained = true;
                    msg += &format!(
                        " (a `:` was compiled into the definition of `{def}` just before it: \
                         is the `;` ending `{def}` missing?)"
                    )
                }
                (Some("char"), _) => {
                    explained = true;
                    msg += &format!(
                        " (`char` was compiled just before it: inside a definition, or a \
                         loop typed at the prompt, `[char] {m}` gives a character's code)"
                    )
                }
                _ => {}
            }
            // The word being defined: a `;` forgotten, or recursion.
            if defining_name(sys).is_some_and(|n| n.eq_ignore_ascii_case(&m)) {
                explained = true;
                msg += " (the word being defined: it is found only after its `;`, \
                        so is the `;` missing? Inside its own definition, `recurse` calls it)";
            }
            // A number with a digit BASE does not have.
            let digits = m.strip_prefix('-').unwrap_or(&m);
            if sys.base() != 10
                && !digits.is_empty()
                && digits.bytes().all(|b| b.is_ascii_alphanumeric())
                && digits.as_bytes()[0].is_ascii_digit()
            {
                msg += &format!(
                    " (read as a number it has a digit that base {} does not have; \
                     `decimal` goes back to base 10)",
                    sys.base()
                );
            }
            // A float read in another BASE.
            if float::looks_like_float(&m) && sys.base() != 10 {
                msg += &format!(
                    " (it reads as a floating-point number, but those are read only when BASE is decimal; BASE is {})",
                    sys.base()
                );
            }
            msg
        }
        (_, Some(m)) => format!("{}: {m}", describe(code)),
        (_, None) => describe(code).to_string(),
    };
    if code > 0 || (code < -79 && code > -256) {
        message = format!("uncaught exception {code}");
    }
    // The innermost compiled position, else the token being interpreted.
    let pos = fault
        .ip
        .and_then(|ip| sys.vm.code.pos(ip as usize))
        .unwrap_or(sys.input.token_pos());
    // A compiled float literal fails in its `(flit)`, after its bits
    // were pushed: the report names the literal and leaves out the bits.
    let flit = fault.instr == Some(crate::words::float::Floating::FLit.instr());
    let word = match (code, fault.ip.is_some(), fault.instr) {
        (-13 | -2 | -1, _, _) => None,
        _ if flit => fault
            .ip
            .and_then(|ip| sys.vm.code.get(ip.checked_sub(1)? as usize))
            .and_then(|i| match i.unfused() {
                crate::instr::Instr::Lit(v) => Some(float::literal_text(f64::from_bits(v as u64))),
                _ => None,
            }),
        (_, true, Some(i)) => sys.instr_name(i),
        // `' dup execute` typed: the word EXECUTE ran.
        (_, false, Some(i)) if i != crate::instr::Instr::Execute && sys.instr_name(i).is_some() => {
            sys.instr_name(i)
        }
        _ if !sys.input.token_name().is_empty() => Some(sys.input.token_name().to_string()),
        _ => None,
    };
    let mut backtrace = Vec::new();
    if let Some(ip) = fault.ip {
        backtrace.extend(sys.vm.dict.word_at(ip));
        for &ret in fault.calls.iter().rev() {
            if ret >= STUB_END
                && let Some(xt) = sys.vm.dict.word_at(ret - 1)
            {
                backtrace.push(xt);
            }
        }
    }
    let names = backtrace
        .into_iter()
        .map(|xt| sys.vm.dict.words[xt as usize].name.to_string());
    let backtrace = summarize_backtrace(names);
    let effect = word.as_deref().and_then(|w| teach::stack_effect(sys, w));
    // The depth before the failing word ran: what it popped is still in
    // the stack array.
    let depth = fault.depth.min(DS_SIZE);
    // While a definition is compiled (and not inside its `[ ]`), the
    // cells above the depth at its `:` are the compiler's control-flow
    // entries, which mean nothing to the learner: only what lies below
    // is shown.
    let depth = match &sys.compiler.def {
        Some(d) if sys.compiling() => depth.min(d.depth),
        _ => depth,
    };
    // A control-structure error's stack holds the compiler's
    // control-flow entries, which mean nothing to the learner.
    let shown = (fault.active_snapshot
        && word.is_some()
        && !flit
        && code != CONTROL_MISMATCH.0
        // Ctrl-C, THROW and ABORT say nothing about the stack's fault.
        && code != USER_INTERRUPT.0
        && !word.as_deref().is_some_and(|w| {
            ["throw", "abort", "abort\""].iter().any(|t| w.eq_ignore_ascii_case(t))
        })
        && (depth > 0 || code == -4))
        .then(|| {
            let base = sys.base();
            let mut s = format!("<{depth}>");
            let from = depth.saturating_sub(16);
            if from > 0 {
                s.push_str(" ...");
            }
            for &x in &sys.vm.stacks.ds[from..depth] {
                s.push_str(&format!(" {}", crate::words::text::signed(x as i128, base)));
            }
            s
        });
    // A float word that found too few floats: what the float stack
    // held, and the data stack too (`7 8 f+`: the numbers are there).
    let floats = || match float::fstack_text(sys) {
        empty if empty.is_empty() => "F: <0>".to_string(),
        text => text.trim_end().to_string(),
    };
    let takes_floats = effect.as_deref().is_some_and(|e| e.contains("F:"));
    let stack = if code == FP_STACK_UNDERFLOW.0 && word.is_some() {
        let mut s = floats();
        if let Some(cells) = &shown {
            s.push_str(&format!(", and the data stack {cells}"));
            if sys.vm.stacks.fp == 0 {
                s.push_str(" (a float is written with an e: `7e`, `2.5e0`)");
            }
        }
        Some(s)
    } else if takes_floats && sys.vm.stacks.fp > 0 {
        // A float word that failed for another reason (`f!` to a bad
        // address): its floats too.
        shown.map(|cells| format!("{cells}, {}", floats()))
    } else {
        shown
    };
    let opened = sys
        .pending
        .throw_opened
        .take()
        .filter(|_| code == CONTROL_MISMATCH.0)
        .and_then(|p| sys.input.location(p))
        .map(|l| *l);
    let suggestions =
        if code == -13 && !explained && !float::looks_like_float(sys.input.token_name()) {
            let name = sys.input.token_name().to_string();
            teach::suggestions(sys, &name)
        } else {
            Vec::new()
        };
    ForthError {
        code,
        message,
        word,
        location: sys.input.location(pos),
        backtrace,
        hints: Box::new(Hints {
            effect,
            stack,
            suggestions,
            opened,
        }),
    }
}

/// Fold runs of one word (deep recursion) into `word (xN)` and keep the
/// list short: the innermost callers matter most.
fn summarize_backtrace(names: impl Iterator<Item = String>) -> Vec<String> {
    let mut runs: Vec<(String, usize)> = Vec::new();
    for n in names {
        match runs.last_mut() {
            Some((last, count)) if *last == n => *count += 1,
            _ => runs.push((n, 1)),
        }
    }
    const KEEP: usize = 12;
    let total = runs.len();
    let mut out: Vec<String> = runs
        .into_iter()
        .take(KEEP)
        .map(|(n, c)| if c > 1 { format!("{n} (x{c})") } else { n })
        .collect();
    if total > KEEP {
        out.push(format!("... {} more", total - KEEP));
    }
    out
}
