//! Errors are values: a [`Throw`] travels through the inner and outer
//! interpreters as a bare throw code (cheap to return on the hot path), and
//! only when nobody CATCHes it does the host turn it into a [`ForthError`]
//! with a message, a source location and a backtrace of Forth words.

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

/// What a piece of a report is. [`ForthError::lines`] tags each piece of
/// the text with one, so a host can style a piece by what it is (the REPL
/// paints the label, the carets and the suggestions) without reading the
/// text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Part {
    /// Where it happened, before the label: `file:3:5: `.
    Place,
    /// `error:`.
    Label,
    /// What happened, after the label: ` message (code)`.
    Headline,
    /// The word that raised it: `` in `word` ``.
    Word,
    /// A quoted source line, with its number: `  3 | text`.
    Quote,
    /// The carets under a quoted line: `    |     ^`.
    Carets,
    /// The stack the failing word was given (and what it takes):
    /// ``  `word` takes ( n -- ); the stack held <0>``.
    Stack,
    /// Known words close to an undefined one: ``  did you mean `dup`?``.
    Suggestions,
    /// The Forth words it was called from: `  called from: a <- b`.
    Backtrace,
}

/// A line of a report: its pieces, in order, each with what it is.
type Line = Vec<(Part, String)>;

impl ForthError {
    /// The report as lines of tagged pieces. The pieces, concatenated, with
    /// a newline between lines, are exactly the `Display` text; a line's
    /// indentation belongs to its piece.
    pub fn lines(&self) -> Vec<Vec<(Part, String)>> {
        let mut lines = vec![self.headline()];
        lines.extend(self.quotes());
        let h = &self.hints;
        match (&self.word, &h.effect, &h.stack) {
            (Some(w), Some(e), Some(s)) => lines.push(vec![(
                Part::Stack,
                format!("  `{w}` takes {e}; the stack held {s}"),
            )]),
            (_, _, Some(s)) => lines.push(vec![(Part::Stack, format!("  the stack held {s}"))]),
            _ => {}
        }
        if !h.suggestions.is_empty() {
            let q: Vec<String> = h.suggestions.iter().map(|n| format!("`{n}`")).collect();
            lines.push(vec![(
                Part::Suggestions,
                format!("  did you mean {}?", q.join(" or ")),
            )]);
        }
        if !self.backtrace.is_empty() {
            lines.push(vec![(
                Part::Backtrace,
                format!("  called from: {}", self.backtrace.join(" <- ")),
            )]);
        }
        lines
    }

    /// The first line: place, label, message and code, the word.
    fn headline(&self) -> Line {
        let mut line = Vec::new();
        if let Some(loc) = &self.location {
            line.push((
                Part::Place,
                format!("{}:{}:{}: ", loc.file, loc.line, loc.col),
            ));
        }
        line.push((Part::Label, "error:".to_string()));
        line.push((Part::Headline, format!(" {} ({})", self.message, self.code)));
        if let Some(w) = &self.word {
            line.push((Part::Word, format!(" in `{w}`")));
        }
        line
    }

    /// The source line it happened on, with a caret under the place; when
    /// the error names an unclosed structure, a caret under where it was
    /// opened too (on that line, or on an earlier one quoted first).
    fn quotes(&self) -> Vec<Line> {
        let Some(loc) = &self.location else {
            return Vec::new();
        };
        let Some(text) = &loc.text else {
            return Vec::new();
        };
        let opened = self.hints.opened.as_ref().filter(|o| o.file == loc.file);
        let width = loc.line.to_string().len();
        let mut carets = vec![(loc.col as usize).saturating_sub(1)];
        let mut lines = Vec::new();
        match opened {
            Some(o) if o.line < loc.line && o.text.is_some() => {
                let otext = o.text.as_deref().unwrap_or_default();
                lines.extend(quote_line(
                    o.line,
                    width,
                    otext,
                    &[(o.col as usize).saturating_sub(1)],
                ));
            }
            Some(o) if o.line == loc.line => carets.insert(0, (o.col as usize).saturating_sub(1)),
            _ => {}
        }
        lines.extend(quote_line(loc.line, width, text, &carets));
        lines
    }
}

impl fmt::Display for ForthError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, line) in self.lines().iter().enumerate() {
            if i > 0 {
                f.write_str("\n")?;
            }
            for (_, text) in line {
                f.write_str(text)?;
            }
        }
        Ok(())
    }
}

impl std::error::Error for ForthError {}

/// Quote a source line (numbered, the number padded to `width`) with a
/// caret under each of the columns (0-based; the last one places the
/// excerpt of a long line, and carets outside it are left out): two lines.
fn quote_line(line: u32, width: usize, text: &str, cols: &[usize]) -> [Line; 2] {
    let main = cols.last().copied().unwrap_or(0);
    let (quoted, at) = excerpt(text, main);
    let shift = main as isize - at as isize;
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
    [
        vec![(Part::Quote, format!("  {line:>width$} | {quoted}"))],
        vec![(
            Part::Carets,
            format!("  {:width$} | {}", "", caret_line.trim_end()),
        )],
    ]
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
