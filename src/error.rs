//! Errors are values: a [`Throw`] travels through the inner and outer
//! interpreters as a bare throw code (cheap to return on the hot path), and
//! only when nobody CATCHes it does the host turn it into a [`ForthError`]
//! with a message, a source location and a backtrace of Forth words.

use std::fmt;

/// The throw codes, their names and messages: one table, in `throw.rs`.
pub use crate::throw::Throw;
pub(crate) use crate::throw::*;

/// The result type of everything that can THROW.
pub(crate) type Res<T> = Result<T, Throw>;

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
