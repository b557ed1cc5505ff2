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

    /// The report as the REPL's prompt shows it to a person: plain words
    /// first (the specific message, without the standard's name for the
    /// error before it), the quoted line and the hints, then the standard's
    /// name, the throw code, the word and the place in brackets at the end,
    /// for those who want them. Text is wrapped at word boundaries to
    /// `width` columns (the quoted source line and its carets are not).
    /// Scripts and piped input keep [`ForthError::lines`], gforth's form.
    pub fn prompt_lines(&self, width: usize) -> Vec<Vec<(Part, String)>> {
        let standard = crate::throw::message(self.code);
        let specific = self
            .message
            .strip_prefix(standard)
            .and_then(|m| m.strip_prefix(": "))
            .filter(|m| !m.is_empty() && !standard.is_empty());
        // A note the report added in brackets (`total 0 !`: which way
        // round the cells go) stays with the plain words.
        let noted = self
            .message
            .strip_prefix(standard)
            .filter(|m| m.starts_with(" (") && m.ends_with(')') && !standard.is_empty())
            .unwrap_or("");
        let lead = match specific {
            Some(m) => m.to_string(),
            None => plain_words(self.code, self.word.as_deref())
                .map_or_else(|| self.message.clone(), |p| format!("{p}{noted}")),
        };
        let mut lines = Vec::new();
        for (i, row) in wrap(&lead, width, "error: ".len(), 2)
            .into_iter()
            .enumerate()
        {
            if i == 0 {
                lines.push(vec![
                    (Part::Label, "error:".to_string()),
                    (Part::Headline, format!(" {row}")),
                ]);
            } else {
                lines.push(vec![(Part::Headline, format!("  {row}"))]);
            }
        }
        lines.extend(self.quotes());
        for line in self.lines().into_iter().skip(1) {
            let Some((part, text)) = line.first() else {
                continue;
            };
            if matches!(part, Part::Stack | Part::Suggestions | Part::Backtrace) {
                for (i, row) in wrap(text.trim_start(), width, 2, 4).into_iter().enumerate() {
                    let pad = if i == 0 { "  " } else { "    " };
                    lines.push(vec![(*part, format!("{pad}{row}"))]);
                }
            }
        }
        let mut about = vec![format!("{}", self.code)];
        if self.message != lead || specific.is_some() {
            about.push(standard.to_string());
        }
        if let Some(w) = &self.word {
            about.push(format!("in `{w}`"));
        }
        if let Some(loc) = &self.location {
            about.push(format!("at {}:{}:{}", loc.file, loc.line, loc.col));
        }
        let about = format!("({})", about.join(", "));
        for row in wrap(&about, width, 2, 3) {
            lines.push(vec![(Part::Place, format!("  {row}"))]);
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

/// What a few errors that come without a message of their own mean, in
/// plain words, for the prompt (the standard's name follows at the end).
fn plain_words(code: i64, word: Option<&str>) -> Option<String> {
    let word = word.map(|w| format!(" for `{w}`")).unwrap_or_default();
    Some(match code {
        -3 => "too many items on the stack".to_string(),
        -4 => format!("too few items on the stack{word}"),
        -5 | -6 => "the return stack is out of balance (a `>r` without its `r>`?)".to_string(),
        -9 => "that number is not an address you may use".to_string(),
        -13 => return None,
        -22 => "the control words do not pair up (an `if` without its `then`, a `do` without its `loop` …)".to_string(),
        -28 => "stopped (Ctrl-C)".to_string(),
        -45 => format!("too few floats on the float stack{word}"),
        _ => return None,
    })
}

/// A note wrapped at blanks to `width` columns (0: as it is), each line
/// of it on its own, the rows after a line's first indented by one
/// blank; a line with escape codes (a prompt redrawn) is left alone.
pub fn wrap_note(text: &str, width: usize) -> String {
    text.split('\n')
        .map(|l| {
            if l.contains('\x1b') {
                l.to_string()
            } else {
                wrap(l, width, 0, 1).join("\n ")
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Break `text` at blanks into rows of at most `width` columns: the first
/// row has `first` columns taken before it, the others `rest` (a word
/// longer than a row gets a row of its own). A width of 0 does not wrap.
pub fn wrap(text: &str, width: usize, first: usize, rest: usize) -> Vec<String> {
    use unicode_width::UnicodeWidthStr;
    if width == 0 || first + text.width() <= width {
        return vec![text.to_string()];
    }
    let mut rows = Vec::new();
    let mut row = String::new();
    let mut used = first;
    for word in text.split(' ').filter(|w| !w.is_empty()) {
        let w = word.width();
        if !row.is_empty() && used + 1 + w > width {
            rows.push(std::mem::take(&mut row));
            used = rest;
        }
        if !row.is_empty() {
            row.push(' ');
            used += 1;
        }
        row.push_str(word);
        used += w;
    }
    rows.push(row);
    rows
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_note_wraps_each_line_and_indents_by_one() {
        assert_eq!(wrap_note("note: one two three", 0), "note: one two three");
        assert_eq!(
            wrap_note("note: one two three\nfour five six", 12),
            "note: one\n two three\nfour five\n six"
        );
        let painted = "\x1b[2m> \x1b[0m one two three four";
        assert_eq!(wrap_note(painted, 8), painted);
    }

    #[test]
    fn wrap_breaks_at_blanks_only() {
        assert_eq!(wrap("short", 80, 7, 2), vec!["short"]);
        assert_eq!(
            wrap("one two three four", 12, 0, 2),
            vec!["one two", "three four"]
        );
        // A word longer than a row keeps a row of its own, unbroken.
        assert_eq!(
            wrap("a averyveryverylongword b", 10, 0, 0),
            vec!["a", "averyveryverylongword", "b"]
        );
        assert_eq!(
            wrap("never wrapped at all", 0, 0, 0),
            vec!["never wrapped at all"]
        );
    }

    #[test]
    fn the_prompt_leads_with_plain_words() {
        let e = ForthError {
            code: -24,
            message: "invalid numeric argument: no lesson is called `xyz`".into(),
            word: Some("learn".into()),
            location: Some(Box::new(Location {
                file: "<stdin>".into(),
                line: 3,
                col: 1,
                text: Some("learn xyz".into()),
            })),
            backtrace: Vec::new(),
            hints: Box::default(),
        };
        let text: Vec<String> = e
            .prompt_lines(80)
            .iter()
            .map(|l| l.iter().map(|(_, s)| s.as_str()).collect())
            .collect();
        assert_eq!(
            text,
            [
                "error: no lesson is called `xyz`",
                "  3 | learn xyz",
                "    | ^",
                "  (-24, invalid numeric argument, in `learn`, at <stdin>:3:1)",
            ]
        );
    }

    #[test]
    fn a_bracketed_note_stays_with_the_plain_words() {
        let e = ForthError {
            code: -9,
            message:
                "invalid memory address (8 is the address of `total`: the address goes on top, \
                      as in `0 total !`)"
                    .into(),
            word: Some("!".into()),
            location: None,
            backtrace: Vec::new(),
            hints: Box::default(),
        };
        let text: Vec<String> = e
            .prompt_lines(0)
            .iter()
            .map(|l| l.iter().map(|(_, s)| s.as_str()).collect())
            .collect();
        assert_eq!(
            text,
            [
                "error: that number is not an address you may use (8 is the address of `total`: \
                 the address goes on top, as in `0 total !`)",
                "  (-9, invalid memory address, in `!`)",
            ]
        );
    }
}
