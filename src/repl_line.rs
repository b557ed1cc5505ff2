//! The REPL's eyes on the line being typed: classes of tokens for colour,
//! the word being typed, completion and hints, and whether the input is
//! unfinished (an open definition, control structure, comment or string)
//! and what the prompt shows then. Tokens come from the interpreter's own
//! lexer (`first_token` and its kin), so what is coloured and completed is
//! what running the line reads. Pure functions over text, called by
//! the REPL (`src/repl.rs`) and the fuzz harness (`fuzz/harness/`).

use crate::vocab::{self, Parses, Role, Structure};
use crate::{closer_of, first_token, is_blank, parse_float, parse_number, token_len, tokens};

/// What a token on the input line is, for colouring.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Class {
    Builtin,
    User,
    Number,
    Text,
    Comment,
    Unknown,
    /// The name a defining word is about to create.
    NewName,
    Space,
}

/// Where the text a parsing word (`s"`, `(` …) opened ends in `rest`: the
/// index of its closing `"` or `)`, if it is there. After `s\"` and `.\"` a
/// backslash escapes the next character (`\"` is a quote inside the text).
fn text_end(rest: &str, opener: &str) -> Option<usize> {
    let Parses::Text { end, escapes, .. } = vocab::parses(opener) else {
        return None;
    };
    let b = rest.as_bytes();
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'\\' if escapes => i += 2,
            c if c == end => return Some(i),
            _ => i += 1,
        }
    }
    None
}

/// Split a line into classed pieces (blanks included, so they rejoin to
/// the line). `lookup` says whether a name is a word, and whether it is the
/// user's; numbers follow `base`.
pub fn classify(
    line: &str,
    base: i64,
    lookup: &dyn Fn(&str) -> Option<bool>,
) -> Vec<(Class, String)> {
    let mut out: Vec<(Class, String)> = Vec::new();
    let mut rest = line;
    let mut after_definer = false;
    while !rest.is_empty() {
        let blank = first_token(rest).map_or(rest.len(), |(_, r)| r.start);
        if blank > 0 {
            out.push((Class::Space, rest[..blank].to_string()));
            rest = &rest[blank..];
            continue;
        }
        let end = token_len(rest);
        let tok = &rest[..end];
        match vocab::parses(tok) {
            Parses::Line => {
                out.push((Class::Comment, rest.to_string()));
                break;
            }
            // `(` and `.(`: a comment, or text shown as one.
            Parses::Text { end: b')', .. } => {
                let close = text_end(&rest[end..], tok).map_or(rest.len(), |i| end + i + 1);
                out.push((Class::Comment, rest[..close].to_string()));
                rest = &rest[close..];
                continue;
            }
            Parses::Text { .. } => {
                let close = text_end(&rest[end..], tok).map_or(rest.len(), |i| end + i + 1);
                out.push((Class::Builtin, tok.to_string()));
                out.push((Class::Text, rest[end..close].to_string()));
                rest = &rest[close..];
                continue;
            }
            _ => {}
        }
        let class = if after_definer {
            after_definer = false;
            match lookup(tok) {
                Some(true) => Class::User,
                Some(false) => Class::Builtin,
                None => Class::NewName,
            }
        } else {
            match lookup(tok) {
                Some(true) => Class::User,
                Some(false) => Class::Builtin,
                None if parse_number(tok.as_bytes(), base).is_some()
                    || (base == 10 && parse_float(tok.as_bytes()).is_some()) =>
                {
                    Class::Number
                }
                None => Class::Unknown,
            }
        };
        if vocab::find(tok).is_some_and(|w| w.parses_name()) {
            after_definer = true;
        }
        out.push((class, tok.to_string()));
        rest = &rest[end..];
    }
    out
}

/// ANSI colours for each class.
fn colour(class: Class) -> &'static str {
    match class {
        Class::Builtin => "\x1b[1;34m",
        Class::User => "\x1b[1;32m",
        Class::Number => "\x1b[33m",
        Class::Text => "\x1b[36m",
        Class::Comment => "\x1b[90m",
        Class::Unknown => "\x1b[1;31m",
        Class::NewName => "\x1b[1;35m",
        Class::Space => "",
    }
}

/// The line with colours.
pub fn highlight(line: &str, base: i64, lookup: &dyn Fn(&str) -> Option<bool>) -> String {
    let mut s = String::new();
    for (class, text) in classify(line, base, lookup) {
        if class == Class::Space {
            s.push_str(&text);
        } else {
            s.push_str(colour(class));
            s.push_str(&text);
            s.push_str("\x1b[0m");
        }
    }
    s
}

/// A note for a later `line` of unfinished `input` that looks as if the
/// learner thinks it is finished: it uses the name of the definition still
/// open (a `;` forgotten), or it has a `;` while a string or comment is
/// still open (that `;` is text: the `"` or `)` is missing).
#[cfg(test)]
pub fn open_note(input: &str, line: &str) -> Option<String> {
    open_at_end(input).note(line)
}

/// The course's words: they refuse to be compiled (`words/course.rs`).
const COURSE_WORDS: &[&str] = &[
    "check",
    "hint",
    "solution",
    "next-lesson",
    "lessons",
    "learn",
];

/// Words typed to the REPL rather than written in definitions: one of
/// them inside an open definition means its `;` is missing (the course's
/// words too).
const COMMANDS: &[&str] = &[
    "bye",
    "help",
    "words",
    "see",
    "trace",
    "untrace",
    "include",
    "clear",
    "clearstack",
    "show-stack",
];

/// A `lookup` for colouring the line being edited, the cursor at `pos`:
/// the word being typed (the token the cursor ends) is no unknown word yet
/// while some word starts with it (`starts_a_word`, given the token in
/// lower case). The terminal's REPL and `playforth serve` colour with it.
pub fn lookup_while_typing<'a>(
    line: &'a str,
    pos: usize,
    lookup: &'a dyn Fn(&str) -> Option<bool>,
    starts_a_word: &'a dyn Fn(&str) -> bool,
) -> impl Fn(&str) -> Option<bool> + 'a {
    let typing = word_being_typed(line, pos);
    move |w: &str| {
        lookup(w).or_else(|| {
            (Some(w) == typing && starts_a_word(&w.to_ascii_lowercase())).then_some(false)
        })
    }
}

/// The token that ends at the cursor `pos` (a byte offset), if the cursor
/// is at the end of one: the word the learner is typing.
pub fn word_being_typed(line: &str, pos: usize) -> Option<&str> {
    let pos = (0..=pos.min(line.len()))
        .rev()
        .find(|&p| line.is_char_boundary(p))?;
    let (before, after) = line.split_at(pos);
    if after.chars().next().is_some_and(|c| !is_blank(c)) {
        return None;
    }
    let start = before
        .char_indices()
        .rev()
        .find(|&(_, c)| is_blank(c))
        .map_or(0, |(i, c)| i + c.len_utf8());
    (start < pos).then(|| &line[start..pos])
}

/// Is this input unfinished: an open `:` definition, control structure
/// (typed outside a definition, it runs once closed), `(` comment or
/// string? Then the REPL asks for another line before running it.
#[cfg(test)]
pub fn unfinished(input: &str) -> bool {
    open_at_end(input).unfinished()
}

/// The prompt for the next line of unfinished input: what is open, then
/// `... `: the definition (`: add3 ... `), else the innermost control
/// structure typed at the prompt (`do ... `), and an open string's opener
/// (`." ... `) or comment (`( ... `), so a missing `"`, `)` or `;` does not
/// swallow lines unseen.
#[cfg(test)]
pub fn continuation_prompt(input: &str) -> String {
    open_at_end(input).continuation_prompt()
}

/// What is open at the end of unfinished input, for the REPL's notes:
/// "the definition of `add3`", "the `do` loop", "the comment".
#[cfg(test)]
pub fn what_is_open(input: &str) -> String {
    open_at_end(input).what_is_open()
}

/// What is still open after some input. The REPL feeds it each line as
/// it comes (`feed`), so the work per line does not grow with the lines
/// before it: 20 000 lines inside a `(` took 15 s when every line read the
/// whole input again.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Open {
    /// How the open definition began: `: add3` or `:noname`.
    definition: Option<String>,
    /// Control structures opened outside a definition, innermost last:
    /// the word that opened each (`if`, `do` …; a WHILE counts as one more
    /// open part, which REPEAT closes along with its BEGIN).
    structures: Vec<String>,
    comment: bool,
    /// The word that opened a string not yet closed (`."`, `s"` …).
    string: Option<String>,
    /// The next token names the definition (it follows `:`).
    naming: bool,
    /// The next token is a name, not a word to run (after `help`, `see` …).
    skip_name: bool,
    /// The string word on the last line fed whose text no `"` closed: the
    /// line ended it.
    ran_out: Option<String>,
}

impl Open {
    /// Read on through `text`: a line, or several.
    pub fn feed(&mut self, text: &str) {
        for line in text.lines() {
            self.ran_out = None;
            let mut rest = line;
            loop {
                if self.comment {
                    match rest.find(')') {
                        Some(i) => {
                            self.comment = false;
                            rest = &rest[i + 1..];
                        }
                        None => break,
                    }
                }
                if let Some(q) = &self.string {
                    match text_end(rest, q) {
                        Some(i) => {
                            self.string = None;
                            rest = &rest[i + 1..];
                        }
                        None => break,
                    }
                }
                let Some((_, r)) = first_token(rest) else {
                    break;
                };
                let t = &rest[r.start..];
                let end = r.len();
                let tok = t[..end].to_ascii_lowercase();
                rest = &t[end..];
                if self.naming {
                    self.definition = Some(format!(": {}", &t[..end]));
                    self.naming = false;
                    continue;
                }
                if self.skip_name {
                    // The name after `help`, `see`, `char` …: not a word to run.
                    self.skip_name = false;
                    continue;
                }
                let Some(word) = vocab::find(&tok) else {
                    continue;
                };
                match (word.parses, word.role) {
                    (Parses::Line, _) => break,
                    (_, Some((Structure::Definition, Role::Opens))) => {
                        // `:` is completed by the name after it.
                        self.naming = word.parses == Parses::NewName;
                        self.definition = Some(tok);
                    }
                    (_, Some((Structure::Definition, Role::Closes))) => self.definition = None,
                    _ if word.parses_name() => self.skip_name = true,
                    (
                        Parses::Text {
                            end, spans_lines, ..
                        },
                        _,
                    ) => match text_end(rest, &tok) {
                        Some(i) => rest = &rest[i + 1..],
                        // A string's text ends with its line, as the
                        // interpreter reads it; a `(` comment goes on.
                        None if !spans_lines => {
                            self.ran_out = (end == b'"').then_some(tok);
                            break;
                        }
                        None if end == b')' => {
                            self.comment = true;
                            break;
                        }
                        None => {
                            self.string = Some(tok);
                            break;
                        }
                    },
                    (_, Some((s, role))) if self.definition.is_none() && s.opens_at_prompt() => {
                        prompt_structure(&mut self.structures, word, role, tok)
                    }
                    _ => {}
                }
            }
        }
    }

    /// Did a string on the last line fed run to its end, with no `"`?
    /// The REPL's note says so on the line where it happened.
    pub fn text_ran_out(&self) -> bool {
        self.ran_out.is_some()
    }

    /// Is the input unfinished: an open `:` definition, control structure
    /// (typed outside a definition, it runs once closed), `(` comment or
    /// string? Then the REPL asks for another line before running it.
    pub fn unfinished(&self) -> bool {
        self.definition.is_some()
            || !self.structures.is_empty()
            || self.comment
            || self.string.is_some()
    }

    /// The prompt for the next line of unfinished input: what is open,
    /// then `... `: the definition (`: add3 ... `), else the innermost
    /// control structure typed at the prompt (`do ... `), and an open
    /// string's opener (`." ... `) or comment (`( ... `), so a missing `"`,
    /// `)` or `;` does not swallow lines unseen.
    pub fn continuation_prompt(&self) -> String {
        let mut prompt = match (&self.definition, self.structures.last()) {
            (Some(def), _) => format!("{def} "),
            (None, Some(word)) => format!("{word} "),
            (None, None) => String::new(),
        };
        match (&self.string, self.comment) {
            (Some(q), _) => prompt.push_str(&format!("{q} ")),
            (None, true) => prompt.push_str("( "),
            _ => {}
        }
        prompt.push_str("... ");
        prompt
    }

    /// What is open, for the REPL's notes: "the definition of `add3`",
    /// "the `do` loop", "the comment".
    pub fn what_is_open(&self) -> String {
        match (&self.definition, self.structures.first()) {
            (Some(def), _) => match def.strip_prefix(": ") {
                Some(name) => format!("the definition of `{name}`"),
                None => "the nameless definition".to_string(),
            },
            (None, Some(word)) => match vocab::control_role(word) {
                Some((Structure::Do | Structure::Begin, _)) => format!("the `{word}` loop"),
                _ => format!("the `{word}` structure"),
            },
            (None, None) if self.comment => "the comment".to_string(),
            (None, None) => "the string".to_string(),
        }
    }

    /// A note for `line`, the last line read, when the input is still
    /// unfinished after it but the line looks as if the learner thinks it
    /// is finished: it uses the name of the definition still open (a `;`
    /// forgotten), or it has a `;` while a string or comment is still open
    /// (that `;` is text: the `"` or `)` is missing).
    pub fn note(&self, line: &str) -> Option<String> {
        if let Some(q) = &self.ran_out {
            let ends = tokens(line)
                .skip_while(|t| !t.eq_ignore_ascii_case(q))
                .any(|t| t == ";");
            let took = if ends { ", `;` and all" } else { "" };
            return Some(format!(
                "(no `\"` closes the text after `{q}`: it ends with the line{took}, and {} is still open)",
                self.what_is_open()
            ));
        }
        let name = self
            .definition
            .as_deref()
            .and_then(|d| d.strip_prefix(": "));
        let uses_name = |n: &str| tokens(line).any(|t| t.eq_ignore_ascii_case(n));
        let ends = tokens(line).any(|t| t == ";");
        if let Some(q) = &self.string {
            return (ends || name.is_some_and(uses_name))
                .then(|| format!("(the text after `{q}` is still open: end it with `\"`)"));
        }
        if self.comment {
            return (ends || name.is_some_and(uses_name))
                .then(|| "(the comment is still open: end it with `)`)".to_string());
        }
        // A `;` while a structure typed at the prompt is open: it closes none.
        if self.definition.is_none()
            && ends
            && let Some(word) = self.structures.last()
        {
            let closer = closer_of(word).unwrap_or("its closing word");
            return Some(format!(
                "(`;` ends a definition, but the `{word}` typed at the prompt is still open: close it with {closer}, or Ctrl-C discards it)"
            ));
        }
        let is = |list: &[&str], t: &str| list.iter().any(|c| c.eq_ignore_ascii_case(t));
        let course_word = tokens(line).find(|t| is(COURSE_WORDS, t));
        // A structure typed at the prompt swallows the words typed to see
        // where one is (`.s`, `check`) until it is closed.
        if self.definition.is_none()
            && let Some(word) = self.structures.first()
        {
            let open = self.what_is_open();
            if let Some(c) = course_word {
                return Some(format!(
                    "({open} typed at the prompt is still open, and `{c}` cannot be part of it: Ctrl-C discards it, then type `{c}` on its own)"
                ));
            }
            let command = tokens(line).find(|t| is(COMMANDS, t) || *t == ".s")?;
            let closer = closer_of(word).unwrap_or("its closing word");
            return Some(format!(
                "({open} typed at the prompt is still open, so `{command}` waits and runs inside it once it is closed with {closer}; Ctrl-C discards it)"
            ));
        }
        let name = name?;
        if uses_name(name) {
            // `;` now would end a definition that calls `{name}` by its
            // own name, which is not found yet: discarding it is what works.
            return Some(format!(
                "(the definition of `{name}` is still open, so this line is part of it: if its `;` was forgotten, Ctrl-C discards the definition, then type it again ending with `;`; for `{name}` to call itself, write `recurse`)"
            ));
        }
        if let Some(c) = course_word {
            return Some(format!(
                "(the definition of `{name}` is still open, and `{c}` cannot be part of it: Ctrl-C discards the definition, then type it again ending with `;`, and `{c}` after it)"
            ));
        }
        // A command for the REPL, not for the definition.
        let command = tokens(line).find(|t| is(COMMANDS, t))?;
        Some(format!(
            "(the definition of `{name}` is still open, so `{command}` is now part of it and runs when `{name}` does: if its `;` was missing, Ctrl-C discards the definition)"
        ))
    }
}

#[cfg(test)]
fn open_at_end(input: &str) -> Open {
    let mut open = Open::default();
    open.feed(input);
    open
}

/// A word of a structure that can be typed at the prompt, typed outside a
/// definition: an opener that runs there opens one (`if`, `do` …; not
/// `+do`, which the interpreter refuses there), and the others open or
/// close as many parts as their control-flow effect adds or takes (a
/// WHILE one more, which REPEAT closes along with its BEGIN).
fn prompt_structure(structures: &mut Vec<String>, word: &vocab::Word, role: Role, tok: String) {
    if role == Role::Opens {
        if word.at_prompt {
            structures.push(tok);
        }
        return;
    }
    let (takes, leaves) = (word.takes.len(), word.leaves.len());
    if leaves > takes {
        structures.push(tok);
    }
    for _ in leaves..takes {
        structures.pop();
    }
}

/// Lines longer than this (a paste, as a rule) get no hint and no colours,
/// so the line editor writes each key as it comes and redraws the line
/// only where it wraps. Repainting a long line, coloured, for every key
/// made a paste take quadratic time (50 KB: 40 s, with colours 130 s).
pub const LONG_LINE: usize = 1024;

/// The line being edited and the cursor in it, as the line editor last
/// showed them to the REPL's helper: what is put back after a byte that
/// is not UTF-8, which ends rustyline's `readline` with an error. A line
/// longer than LONG_LINE (a paste) is not copied at every key: only noted.
#[derive(Default)]
pub struct Typed {
    line: String,
    pos: usize,
    long: bool,
}

impl Typed {
    /// The line changed (the hint is asked after every change).
    pub fn saw(&mut self, line: &str, pos: usize) {
        self.line.clear();
        self.long = line.len() > LONG_LINE;
        if !self.long {
            self.line.push_str(line);
        }
        self.pos = pos;
    }

    /// The cursor moved, or the line changed (asked after either).
    pub fn moved(&mut self, line: &str, pos: usize) {
        if self.line.len() == line.len() || self.long && line.len() > LONG_LINE {
            self.pos = pos;
        } else {
            self.saw(line, pos);
        }
    }

    /// The line was too long to keep.
    pub fn long(&self) -> bool {
        self.long
    }

    /// The line split at the cursor, as `readline_with_initial` takes it.
    pub fn split(&self) -> (String, String) {
        let pos = clamp_pos(&self.line, self.pos);
        (self.line[..pos].to_string(), self.line[pos..].to_string())
    }
}

/// The prompt the REPL shows before a line is typed at a terminal, as the
/// docs' sessions show it before each typed line.
pub const PROMPT: &str = "> ";

/// What the REPL does with a line it read ([`Paste::take`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Take {
    /// Run it as it is: typed, or pasted code.
    Run,
    /// A typed line of a pasted session: run what follows the prompt.
    Unprompted(String),
    /// An answer of a pasted session (output, ` ok`, a report): skip it.
    Skip,
}

/// What the line editor does when a paste ends ([`Paste::ended`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PasteEnd {
    /// Nothing: the line stays as it is.
    Keep,
    /// Put this in place of the line being edited (a last pasted line
    /// without a line end: its prompt taken off, or an answer emptied).
    Replace(String),
    /// End the empty line, so the REPL says what it did with the session.
    Accept,
}

/// A session copied from the docs and pasted into the REPL: lines that
/// start with the prompt `> ` are typed lines, the others answers. The
/// terminal marks a paste (bracketed paste: `ESC [200~` … `ESC [201~`),
/// so a typed `> ` keeps its meaning, the word `>`. A paste whose first
/// line that begins at the REPL's own prompt (not inside an open
/// definition) starts with `> ` is a session: its lines after `> ` run
/// without it, its other lines are skipped, and once the paste is over
/// [`Paste::finished`] says what was done. Lines pasted before that, and
/// pastes with no such line, run as they are.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Paste {
    /// Between the terminal's start and end marks.
    pasting: bool,
    /// The line being read began inside a paste.
    line_pasted: bool,
    /// The line being read is at the REPL's own prompt (nothing open).
    at_prompt: bool,
    /// A session is being pasted.
    session: bool,
    /// Its typed lines run, and its answer lines skipped, so far.
    ran: usize,
    skipped: usize,
}

impl Paste {
    /// A line is about to be read; `at_prompt` when nothing is open.
    pub fn new_line(&mut self, at_prompt: bool) {
        self.line_pasted = self.pasting;
        self.at_prompt = at_prompt;
    }

    /// The terminal's paste start mark came, with `line` in the editor.
    pub fn started(&mut self, line: &str) {
        self.pasting = true;
        if line.is_empty() {
            self.line_pasted = true;
        }
    }

    /// The terminal's paste end mark came, with `line` in the editor: the
    /// last pasted line when the paste did not end with a line end. After
    /// it, the line is the learner's to edit, and runs as it is.
    pub fn ended(&mut self, line: &str) -> PasteEnd {
        self.pasting = false;
        if !self.line_pasted {
            return PasteEnd::Keep;
        }
        if line.is_empty() {
            if self.session {
                // The empty line ends as pasted, to be skipped.
                return PasteEnd::Accept;
            }
            self.line_pasted = false;
            return PasteEnd::Keep;
        }
        let take = self.take(line);
        self.line_pasted = false;
        match take {
            Take::Run => PasteEnd::Keep,
            Take::Unprompted(rest) => PasteEnd::Replace(rest),
            Take::Skip => PasteEnd::Replace(String::new()),
        }
    }

    /// Ctrl-C or Ctrl-D: whatever the terminal said, no paste goes on
    /// (a paste start mark with no end does not make every later line a
    /// pasted one).
    /// The line is given up too, and a session pasted so far with it.
    pub fn reset(&mut self) {
        *self = Paste::default();
    }

    /// What to do with `line`, just read.
    pub fn take(&mut self, line: &str) -> Take {
        if !self.line_pasted {
            return Take::Run;
        }
        match line.strip_prefix(PROMPT) {
            Some(rest) if self.session || self.at_prompt => {
                self.session = true;
                self.ran += 1;
                Take::Unprompted(rest.to_string())
            }
            _ if self.session => {
                // An empty typed line, its blank after `>` lost in the copy.
                if !line.trim().is_empty() && line.trim_end() != ">" {
                    self.skipped += 1;
                }
                Take::Skip
            }
            _ => Take::Run,
        }
    }

    /// Once a pasted session is over: what was done with it, said once.
    pub fn finished(&mut self) -> Option<String> {
        if self.pasting || !self.session {
            return None;
        }
        let (ran, skipped) = (self.ran, self.skipped);
        self.session = false;
        self.ran = 0;
        self.skipped = 0;
        Some(paste_note(ran, skipped))
    }
}

/// How many rows up from the cursor the line editor's echo of `prompt`
/// and `line` starts, once Enter took the cursor to the row below them,
/// on a terminal `cols` wide: None when that is not sure (a control
/// character, which the editor shows its own way).
pub fn echo_rows(prompt: &str, line: &str, cols: usize) -> Option<usize> {
    use unicode_width::UnicodeWidthStr;
    if cols == 0 || prompt.chars().chain(line.chars()).any(char::is_control) {
        return None;
    }
    Some((prompt.width() + line.width()) / cols + 1)
}

/// A note for an error of a typed line that starts with `> `: when the
/// `>` there found too few items, it was most likely the prompt copied
/// from the docs, not the word that compares two numbers.
pub fn prompt_note(input: &str, e: &crate::ForthError) -> Option<String> {
    let first = input.lines().next()?;
    let rest = first.strip_prefix(PROMPT)?;
    let at_start = e
        .location
        .as_ref()
        .is_some_and(|l| l.col == 1 && l.text.as_deref().is_none_or(|t| t == first));
    let underflow = e.code == crate::throw::STACK_UNDERFLOW.0;
    if !underflow || e.word.as_deref() != Some(">") || !e.backtrace.is_empty() || !at_start {
        return None;
    }
    let rest = rest.trim();
    let what = if rest.is_empty() || rest.chars().count() > 40 {
        "what follows it".to_string()
    } else {
        format!("`{rest}`")
    };
    Some(format!(
        "note: `>` compares two numbers; the `> ` before each typed line in the docs is the prompt: type only {what} (a session copied from the docs can be pasted as it is)"
    ))
}

/// Completion: the known words starting with the word before the cursor.
/// Returns where that word starts and (display, replacement) pairs; the
/// display shows each word's stack effect. Shorter names come first.
pub fn complete(
    line: &str,
    pos: usize,
    words: &[(String, Option<String>)],
) -> (usize, Vec<(String, String)>) {
    let pos = clamp_pos(line, pos);
    let start = word_start(line, pos);
    let prefix = line[start..pos].to_ascii_lowercase();
    let mut found: Vec<&(String, Option<String>)> = words
        .iter()
        .filter(|(n, _)| n.to_ascii_lowercase().starts_with(&prefix))
        .collect();
    found.sort_by(|a, b| a.0.len().cmp(&b.0.len()).then(a.0.cmp(&b.0)));
    let pairs = found
        .into_iter()
        .map(|(n, e)| {
            (
                e.as_ref().map_or_else(|| n.clone(), |e| format!("{n} {e}")),
                n.clone(),
            )
        })
        .collect();
    (start, pairs)
}

/// The hint shown after the cursor: the stack effect of the word just typed.
pub fn hint(line: &str, pos: usize, effect_of: &dyn Fn(&str) -> Option<String>) -> Option<String> {
    if clamp_pos(line, pos) < line.len() {
        return None;
    }
    let word = word_at(line, pos);
    if word.is_empty() {
        return None;
    }
    effect_of(word).map(|e| format!("  {e}"))
}

/// The word the cursor is in or just after.
pub fn word_at(line: &str, pos: usize) -> &str {
    let pos = clamp_pos(line, pos);
    let start = word_start(line, pos);
    let end = pos + token_len(&line[pos..]);
    &line[start..end]
}

/// A byte position from the editor made safe: at most the line's length,
/// moved back to the start of the character it falls inside.
fn clamp_pos(line: &str, pos: usize) -> usize {
    let mut pos = pos.min(line.len());
    while !line.is_char_boundary(pos) {
        pos -= 1;
    }
    pos
}

/// Where the word ending at `pos` starts (`pos` on a char boundary).
fn word_start(line: &str, pos: usize) -> usize {
    line[..pos].trim_end_matches(|c| !is_blank(c)).len()
}

/// The note after a pasted session: how many typed lines ran without their
/// `> ` and how many answer lines were skipped.
pub fn paste_note(ran: usize, skipped: usize) -> String {
    let lines = |n: usize| if n == 1 { "line" } else { "lines" };
    match skipped {
        0 if ran == 1 => {
            "(pasted: the `> ` in front is the prompt, so it was left out)".to_string()
        }
        0 => format!(
            "(pasted session: {ran} typed {} ran without `> `)",
            lines(ran)
        ),
        _ => format!(
            "(pasted session: {ran} typed {} ran without `> `, {skipped} answer {} skipped)",
            lines(ran),
            lines(skipped)
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_continuation_prompt_shows_what_is_open() {
        assert_eq!(continuation_prompt(": hi"), ": hi ... ");
        // A string's text ends with its line: the definition stays open.
        assert_eq!(continuation_prompt(": hi .\" hello"), ": hi ... ");
        assert_eq!(continuation_prompt(": hi s\" a\nb"), ": hi ... ");
        assert_eq!(continuation_prompt(": hi ( n --"), ": hi ( ... ");
        assert_eq!(continuation_prompt(": hi .\" x\" "), ": hi ... ");
        assert_eq!(continuation_prompt(":noname 1"), ":noname ... ");
        assert_eq!(continuation_prompt("10 0 do i ."), "do ... ");
        assert_eq!(continuation_prompt("10 0 do i 2 mod if"), "if ... ");
        assert_eq!(continuation_prompt("( a"), "( ... ");
        assert_eq!(what_is_open(": hi 1"), "the definition of `hi`");
        assert_eq!(what_is_open("3 0 do i 0= if"), "the `do` loop");
        assert_eq!(what_is_open("1 if"), "the `if` structure");
        assert_eq!(what_is_open("( x"), "the comment");
    }

    #[test]
    fn a_forgotten_semicolon_is_noticed() {
        let input = ": add3 ( n -- n+3 ) 3 +\n4 add3 .\n";
        let add3 = Some("(the definition of `add3` is still open, so this line is part of it: if its `;` was forgotten, Ctrl-C discards the definition, then type it again ending with `;`; for `add3` to call itself, write `recurse`)".to_string());
        assert_eq!(open_note(input, "4 add3 ."), add3);
        assert_eq!(open_note(input, "4 ADD3 ."), add3);
        assert_eq!(open_note(input, "dup +"), None);
        assert_eq!(open_note("( just a comment\n", "x"), None);
        assert_eq!(open_note(":", ":"), None);
        assert_eq!(
            open_note("3 0 do i .\n;\n", ";"),
            Some("(`;` ends a definition, but the `do` typed at the prompt is still open: close it with `loop` or `+loop`, or Ctrl-C discards it)".to_string())
        );
        assert_eq!(
            open_note(": c>f 9 * 5 / 32 +\ncheck\n", "check"),
            Some("(the definition of `c>f` is still open, and `check` cannot be part of it: Ctrl-C discards the definition, then type it again ending with `;`, and `check` after it)".to_string())
        );
        assert_eq!(
            open_note(": c>f 9 * 5 / 32 +\nwords\n", "words"),
            Some("(the definition of `c>f` is still open, so `words` is now part of it and runs when `c>f` does: if its `;` was missing, Ctrl-C discards the definition)".to_string())
        );
        // Structures typed at the prompt swallow `.s` and `check` too.
        assert_eq!(
            open_note("5 0 do i\n.s\n", ".s"),
            Some("(the `do` loop typed at the prompt is still open, so `.s` waits and runs inside it once it is closed with `loop` or `+loop`; Ctrl-C discards it)".to_string())
        );
        assert_eq!(
            open_note("1 if 2\ncheck\n", "check"),
            Some("(the `if` structure typed at the prompt is still open, and `check` cannot be part of it: Ctrl-C discards it, then type `check` on its own)".to_string())
        );
        assert_eq!(open_note("5 0 do i\n1 +\n", "1 +"), None);
        // A `;` inside an open string or comment is text: the closer is missing.
        assert_eq!(
            open_note(": hi ( -- ) .\" hello world ;\n", ": hi ( -- ) .\" hello world ;"),
            Some("(no `\"` closes the text after `.\"`: it ends with the line, `;` and all, and the definition of `hi` is still open)".to_string())
        );
        assert_eq!(
            open_note(": hi ( -- \n;\n", ";"),
            Some("(the comment is still open: end it with `)`)".to_string())
        );
    }

    /// Read `lines` as the REPL does, at its prompt; `pasted` lines come
    /// between the paste marks (the last without a line end when `open`).
    fn read(p: &mut Paste, pasted: &[&str], open: bool) -> Vec<Take> {
        let mut took = Vec::new();
        p.new_line(true);
        p.started("");
        for (i, l) in pasted.iter().enumerate() {
            if i > 0 {
                p.new_line(true);
            }
            if open && i + 1 == pasted.len() {
                match p.ended(l) {
                    PasteEnd::Replace(text) => took.push(Take::Unprompted(text)),
                    PasteEnd::Keep => took.push(p.take(l)),
                    PasteEnd::Accept => panic!("a line to accept"),
                }
                return took;
            }
            took.push(p.take(l));
        }
        p.new_line(true);
        if p.ended("") == PasteEnd::Accept {
            took.push(p.take(""));
        }
        took
    }

    #[test]
    fn a_pasted_session_runs_its_typed_lines_and_skips_its_answers() {
        let mut p = Paste::default();
        let took = read(
            &mut p,
            &[
                "> 1 2 3",
                " ok <3> 1 2 3",
                "> .s",
                "<3> 1 2 3  ok <3> 1 2 3",
            ],
            false,
        );
        let run = |s: &str| Take::Unprompted(s.to_string());
        assert_eq!(
            took,
            vec![run("1 2 3"), Take::Skip, run(".s"), Take::Skip, Take::Skip]
        );
        assert_eq!(
            p.finished().as_deref(),
            Some("(pasted session: 2 typed lines ran without `> `, 2 answer lines skipped)")
        );
        assert_eq!(p.finished(), None, "said once");
        // Copied without its last line end: the last line is put right in
        // the editor, to run when Enter is pressed.
        let took = read(&mut p, &["> 1 2", " ok <2> 1 2", "> +"], true);
        assert_eq!(took, vec![run("1 2"), Take::Skip, run("+")]);
        p.new_line(true);
        assert_eq!(p.take("+"), Take::Run);
        assert!(p.finished().is_some());
        // …and an answer last is taken out.
        let took = read(&mut p, &["> 1", " ok <1> 1"], true);
        assert_eq!(took, vec![run("1"), Take::Unprompted(String::new())]);
        assert!(p.finished().is_some());
        // One line.
        assert_eq!(read(&mut p, &["> 2 3 + ."], true), vec![run("2 3 + .")]);
        p.new_line(true);
        assert_eq!(p.take("2 3 + ."), Take::Run);
        assert_eq!(
            p.finished().as_deref(),
            Some("(pasted: the `> ` in front is the prompt, so it was left out)")
        );
    }

    #[test]
    fn typed_lines_and_pasted_code_run_as_they_are() {
        let mut p = Paste::default();
        // Typed: `>` is the word that compares.
        for l in ["3 5", "> .", "> 2 3 + ."] {
            p.new_line(true);
            assert_eq!(p.take(l), Take::Run, "{l}");
        }
        // Pasted code with no prompt.
        let took = read(&mut p, &[": sq ( n -- n*n )", "  dup * ;", "5 sq ."], false);
        assert!(took.iter().all(|t| *t == Take::Run), "{took:?}");
        assert_eq!(p.finished(), None);
        // Pasted after something typed on the line: part of that line.
        p.new_line(true);
        p.started("3 5 ");
        assert_eq!(p.ended("3 5 > ."), PasteEnd::Keep);
        assert_eq!(p.take("3 5 > ."), Take::Run);
        // A `> ` line pasted inside an open definition is code.
        p.new_line(false);
        p.started("");
        assert_eq!(p.take("> if drop then ;"), Take::Run);
        p.new_line(true);
        assert_eq!(p.ended(""), PasteEnd::Keep);
        assert_eq!(p.finished(), None);
        // A paste start with no end: Ctrl-C or Ctrl-D ends it.
        p.new_line(true);
        p.started("");
        p.reset();
        p.new_line(true);
        assert_eq!(p.take("> ."), Take::Run);
    }

    #[test]
    fn the_rows_of_an_echoed_line() {
        assert_eq!(echo_rows("> ", "1 2 3", 80), Some(1));
        assert_eq!(echo_rows("> ", &"x".repeat(77), 80), Some(1));
        // A full row puts the cursor on the next one.
        assert_eq!(echo_rows("> ", &"x".repeat(78), 80), Some(2));
        assert_eq!(echo_rows("> ", &"x".repeat(200), 80), Some(3));
        // Wide characters take two columns; box drawings one.
        assert_eq!(echo_rows("> ", &"漢".repeat(38), 80), Some(1));
        assert_eq!(echo_rows("> ", &"漢".repeat(39), 80), Some(2));
        assert_eq!(echo_rows("", "┌───┬───┬────┐", 80), Some(1));
        assert_eq!(echo_rows("> ", "a\tb", 80), None);
        assert_eq!(echo_rows("> ", "a", 0), None);
    }

    #[test]
    fn a_typed_prompt_that_underflows_gets_a_note() {
        let note = |lines: &[&str]| {
            let (mut f, _out) = crate::Forth::for_test(b"");
            let mut last = None;
            for l in lines {
                last = f.interpret_input(l).err().map(|e| prompt_note(l, &e));
            }
            last.flatten()
        };
        assert_eq!(
            note(&["> 2 3 + ."]).as_deref(),
            Some(
                "note: `>` compares two numbers; the `> ` before each typed line in the docs is the prompt: type only `2 3 + .` (a session copied from the docs can be pasted as it is)"
            )
        );
        assert!(note(&["1", "> 2 3 + ."]).is_some(), "one item is too few");
        // `>` comparing, or failing elsewhere: no note.
        assert_eq!(note(&["3 5", "> ."]), None);
        assert_eq!(note(&["drop"]), None);
        assert_eq!(note(&["1 > ."]), None);
        assert_eq!(note(&[": t > ;", "t"]), None);
        assert_eq!(note(&["2 3 >"]), None);
    }

    #[test]
    fn the_word_being_typed_is_the_token_the_cursor_ends() {
        assert_eq!(word_being_typed("1 2 sw", 6), Some("sw"));
        assert_eq!(word_being_typed("1 2 sw 3", 6), Some("sw"));
        assert_eq!(word_being_typed("1 2 sw", 5), None);
        assert_eq!(word_being_typed("1 2 ", 4), None);
        assert_eq!(word_being_typed("", 0), None);
        assert_eq!(word_being_typed("dup", 99), Some("dup"));
        // A cursor inside a character goes back to its start; no panic.
        assert_eq!(word_being_typed("\u{3000}é", 4), None);
        assert_eq!(word_being_typed("é", 1), None);
        assert_eq!(word_being_typed("é", 2), Some("é"));
    }

    fn lookup(w: &str) -> Option<bool> {
        match w.to_ascii_lowercase().as_str() {
            "dup" | "+" | ":" | ";" | "." | "s\"" => Some(false),
            "square" => Some(true),
            _ => None,
        }
    }

    #[test]
    fn tokens_are_classed() {
        let c = classify(
            ": cube dup square * ; 12 frob ( n -- ) \\ done",
            10,
            &lookup,
        );
        let kinds: Vec<Class> = c
            .iter()
            .filter(|(k, _)| *k != Class::Space)
            .map(|(k, _)| *k)
            .collect();
        use Class::*;
        assert_eq!(
            kinds,
            vec![
                Builtin, NewName, Builtin, User, Unknown, Builtin, Number, Unknown, Comment,
                Comment
            ]
        );
        let joined: String = c.iter().map(|(_, t)| t.as_str()).collect();
        assert_eq!(joined, ": cube dup square * ; 12 frob ( n -- ) \\ done");
    }

    #[test]
    fn strings_are_text() {
        let c = classify("s\" hi there\" .", 10, &lookup);
        assert_eq!(c[0], (Class::Builtin, "s\"".to_string()));
        assert_eq!(c[1], (Class::Text, " hi there\"".to_string()));
    }

    #[test]
    fn a_name_after_help_see_or_char_opens_nothing() {
        for line in [
            "help do",
            "help if",
            "help :",
            "help (",
            "help s\"",
            "help .\"",
            "see :",
            "see do",
            "trace do",
            "' do .",
            "char : emit",
            "char ( .",
            "[defined] if .",
            ": lp ( -- ) [char] ( emit ;",
            ": p postpone if ; immediate",
        ] {
            assert!(!unfinished(line), "{line}");
        }
        assert!(
            unfinished(": p postpone ;"),
            "POSTPONE's `;` does not end it"
        );
        assert!(
            unfinished("help do 3 0 do"),
            "a DO after the name still opens"
        );
        // An escaped quote does not end `s\"` or `.\"` text.
        assert!(!unfinished(r#": x s\" a\"b" type ;"#));
        assert!(unfinished(r#": x .\" a\" ;"#), "the definition is open");
        assert_eq!(continuation_prompt(r#": x .\" a\" ;"#), ": x ... ");
    }

    #[test]
    fn what_is_open_read_a_line_at_a_time_is_what_the_whole_input_has() {
        let lines = [
            ": sq ( n -- n*n )",
            "  dup * ;",
            "( a comment",
            "over two lines ) 3 0 do",
            "i .\" a string",
            "goes on\" loop",
            "see : : x s\" a",
            "b\" ; begin 1 while",
            "2 repeat \\ ( not a comment",
            ":noname .( x) 1",
        ];
        let mut open = Open::default();
        let mut input = String::new();
        for line in lines {
            open.feed(line);
            input.push_str(line);
            input.push('\n');
            assert_eq!(open, open_at_end(&input), "after {line:?}");
            assert_eq!(open.unfinished(), unfinished(&input), "after {line:?}");
        }
    }

    #[test]
    fn the_line_typed_is_put_back_split_at_its_cursor() {
        let mut t = Typed::default();
        t.saw("1 café .", 6);
        // The cursor inside `é` goes back to its start.
        assert_eq!(t.split(), ("1 caf".to_string(), "é .".to_string()));
        t.moved("1 café .", 3);
        assert_eq!(t.split(), ("1 c".to_string(), "afé .".to_string()));
        t.moved("1 café . 2", "1 café . 2".len());
        assert_eq!(t.split(), ("1 café . 2".to_string(), String::new()));
        t.saw(&"x".repeat(LONG_LINE + 1), 5);
        assert!(t.long());
        assert_eq!(t.split(), (String::new(), String::new()));
    }

    #[test]
    fn unfinished_input_is_noticed() {
        assert!(unfinished(": square"));
        assert!(unfinished(": square\n dup *"));
        assert!(!unfinished(": square\n dup * ;"));
        assert!(unfinished("1 2 ( a long"));
        assert!(!unfinished("1 2 ( a long\n comment ) +"));
        assert!(!unfinished(".\" a ; b\" \\ : c"));
        assert!(!unfinished("s\" :\" type"));
        // A string no `"` closes ends with its line, as the interpreter reads it.
        assert!(!unfinished(".\" a long"));
        assert!(!unfinished(".\" a long\nstring cr"));
        assert!(unfinished("10 0 do i ."));
        assert!(!unfinished("10 0 do i . loop"));
        // Every closer of a loop closes one, `-loop` too.
        assert!(!unfinished("0 10 do i . 2 -loop"));
        assert!(unfinished("begin dup while 1- repeat"[..16].trim()));
        assert!(!unfinished("begin dup while 1- repeat"));
        assert!(!unfinished("begin 1 while 2 while 3 repeat 4 else 5 then"));
        assert!(!unfinished(": t 0 do ;"));
        assert!(unfinished("3 0 > if\n.\" yes\" "));
    }

    #[test]
    fn completion_lists_effects() {
        let words = vec![
            ("swap".to_string(), Some("( x1 x2 -- x2 x1 )".to_string())),
            ("sq".to_string(), Some("( n -- n*n )".to_string())),
            ("dup".to_string(), None),
        ];
        let (start, c) = complete("7 S", 3, &words);
        assert_eq!(start, 2);
        assert_eq!(c[0], ("sq ( n -- n*n )".to_string(), "sq".to_string()));
        assert_eq!(
            c[1],
            ("swap ( x1 x2 -- x2 x1 )".to_string(), "swap".to_string())
        );
        assert_eq!(
            complete("du", 2, &words).1,
            vec![("dup".to_string(), "dup".to_string())]
        );
    }

    #[test]
    fn hints_show_the_effect_at_the_end_of_the_line() {
        let effect = |w: &str| (w == "swap").then(|| "( x1 x2 -- x2 x1 )".to_string());
        assert_eq!(
            hint("1 2 swap", 8, &effect),
            Some("  ( x1 x2 -- x2 x1 )".to_string())
        );
        assert_eq!(hint("1 2 swap", 3, &effect), None);
        assert_eq!(hint("1 2 ", 4, &effect), None);
    }

    #[test]
    fn the_word_under_the_cursor() {
        assert_eq!(word_at("1 2 swap drop", 6), "swap");
        assert_eq!(word_at("1 2 swap", 8), "swap");
        assert_eq!(word_at("dup", 0), "dup");
    }

    #[test]
    fn highlighting_wraps_in_colours() {
        let h = highlight("dup frob", 10, &lookup);
        assert!(h.contains("\x1b[1;34mdup\x1b[0m"));
        assert!(h.contains("\x1b[1;31mfrob\x1b[0m"));
    }

    // ---- lines with multi-byte characters (issue 8: the helpers panicked
    // with "byte index .. is not a char boundary") ----

    const NBSP: &str = "\u{a0}";
    const IDEO: &str = "\u{3000}";

    /// Lines with no-break spaces, ideographic spaces, emoji and combining
    /// marks in every place a helper looks.
    fn awkward_lines() -> Vec<String> {
        let mut lines: Vec<String> = [
            "1\u{a0}",
            "\u{a0}",
            "\u{3000}",
            "dup\u{3000}",
            "\u{3000}dup",
            "1\u{a0}dup\u{a0}",
            "1 2\u{a0}swap",
            "\u{a0}\u{a0}dup\u{a0}\u{3000}swap",
            "😀",
            "😀 dup 😀",
            "dup😀",
            "e\u{301} dup",
            "dup\u{301}",
            "\u{301}",
            "👩\u{200d}💻 square",
            ": x\u{a0}.\"\u{a0}é\u{3000}\" ;",
            "s\"\u{a0}😀",
            "( 😀 )\u{a0}\\ ü",
            "(\u{a0}😀",
            ".(\u{3000}é) é",
            "\\\u{a0}ü",
            "1\t\u{a0}\u{2003}\u{85}\u{7f}\u{1}2",
        ]
        .map(String::from)
        .to_vec();
        lines.push(format!("{NBSP}{IDEO}😀e\u{301}{NBSP}s\" {IDEO}\" {NBSP}"));
        lines
    }

    fn words() -> Vec<(String, Option<String>)> {
        vec![
            ("dup".to_string(), Some("( x -- x x )".to_string())),
            ("swap".to_string(), Some("( x1 x2 -- x2 x1 )".to_string())),
            ("😀".to_string(), None),
        ]
    }

    fn effect(w: &str) -> Option<String> {
        words()
            .into_iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(w))
            .and_then(|(_, e)| e)
    }

    #[test]
    fn every_cursor_position_on_awkward_lines_is_safe() {
        let words = words();
        for line in awkward_lines() {
            for pos in 0..=line.len() + 3 {
                let at = pos.min(line.len());
                let w = word_at(&line, pos);
                assert!(!w.chars().any(is_blank), "{line:?} {pos}: {w:?}");
                assert!(line.contains(w));
                let (start, found) = complete(&line, pos, &words);
                assert!(
                    line.is_char_boundary(start) && start <= at,
                    "{line:?} {pos}"
                );
                assert!(!line[start..clamp_pos(&line, pos)].chars().any(is_blank));
                for (_, name) in &found {
                    let prefix = line[start..clamp_pos(&line, pos)].to_ascii_lowercase();
                    assert!(name.to_ascii_lowercase().starts_with(&prefix));
                }
                let h = hint(&line, pos, &effect);
                if pos < line.len() {
                    assert_eq!(h, None, "{line:?} {pos}");
                }
            }
            let c = classify(&line, 10, &lookup);
            let joined: String = c.iter().map(|(_, t)| t.as_str()).collect();
            assert_eq!(joined, line);
            for (class, text) in &c {
                assert_eq!(
                    *class == Class::Space,
                    text.chars().all(is_blank),
                    "{line:?}: {text:?}"
                );
            }
            let _ = highlight(&line, 10, &lookup);
            let _ = unfinished(&line);
            let _ = unfinished(&format!("{line}\n{line}\n"));
        }
    }

    #[test]
    fn a_no_break_space_separates_words() {
        // The reported panic: `1` then a no-break space.
        let line = format!("1{NBSP}");
        for pos in 0..=line.len() + 1 {
            let _ = word_at(&line, pos);
            let _ = complete(&line, pos, &words());
            let _ = hint(&line, pos, &effect);
        }
        assert_eq!(word_at(&line, 1), "1");
        assert_eq!(word_at(&line, 2), "1"); // inside the no-break space
        assert_eq!(word_at(&line, 3), "");
        assert_eq!(complete(&line, 3, &words()).0, 3);
        let line = format!("1{NBSP}du");
        let (start, found) = complete(&line, line.len(), &words());
        assert_eq!(start, 3);
        assert_eq!(found, vec![("dup ( x -- x x )".into(), "dup".into())]);
        let line = format!("1 2{NBSP}swap");
        assert_eq!(word_at(&line, line.len()), "swap");
        assert_eq!(
            hint(&line, line.len(), &effect),
            Some("  ( x1 x2 -- x2 x1 )".to_string())
        );
        let c = classify(&format!("1{NBSP}dup"), 10, &lookup);
        assert_eq!(
            c,
            vec![
                (Class::Number, "1".to_string()),
                (Class::Space, NBSP.to_string()),
                (Class::Builtin, "dup".to_string()),
            ]
        );
        assert!(unfinished(&format!(":{NBSP}sq")));
        assert!(unfinished(&format!("({NBSP}😀")));
        assert!(!unfinished(&format!("s\"{NBSP}é")));
        assert!(unfinished(&format!(": t s\"{NBSP}é")));
        assert!(!unfinished(&format!("s\"{NBSP}é\" :{NBSP}sq ;")));
    }

    #[test]
    fn an_ideographic_space_is_part_of_the_word() {
        // The reported panic: `dup`, U+3000, Tab. The interpreter reads
        // `dup\u{3000}` as one (unknown) word, so nothing completes it.
        let line = format!("dup{IDEO}");
        assert_eq!(complete(&line, line.len(), &words()), (0, vec![]));
        assert_eq!(word_at(&line, line.len()), line);
        assert_eq!(hint(&line, line.len(), &effect), None);
        assert_eq!(
            classify(&line, 10, &lookup),
            vec![(Class::Unknown, line.clone())]
        );
        for pos in 0..=line.len() + 1 {
            let _ = complete(&line, pos, &words());
        }
        let line = format!("1 {IDEO}swap");
        assert_eq!(word_at(&line, line.len()), format!("{IDEO}swap"));
        assert!(!unfinished(&format!(":{IDEO}sq")));
        assert!(!unfinished(&format!("({IDEO}x")));
    }

    #[test]
    fn emoji_and_combining_marks_stay_whole() {
        let line = "😀 dup 😀";
        for pos in 0..4 {
            assert_eq!(word_at(line, pos), "😀", "{pos}");
        }
        assert_eq!(word_at(line, line.len()), "😀");
        assert_eq!(word_at(line, line.len() - 1), "😀");
        let (start, found) = complete(line, line.len() - 2, &words());
        assert_eq!(start, line.len() - 4);
        assert_eq!(found.len(), words().len()); // an empty prefix: all
        let (start, found) = complete("😀", 4, &words());
        assert_eq!((start, found.len()), (0, 1));
        let line = "e\u{301} dup";
        assert_eq!(word_at(line, 1), "e\u{301}");
        assert_eq!(word_at(line, 2), "e\u{301}"); // inside the mark
        assert_eq!(word_at(line, 3), "e\u{301}");
        assert_eq!(word_at("dup\u{301}", 4), "dup\u{301}");
        assert_eq!(complete("dup\u{301}", 5, &words()).1, vec![]);
        assert_eq!(
            classify("😀 e\u{301}", 10, &lookup),
            vec![
                (Class::Unknown, "😀".to_string()),
                (Class::Space, " ".to_string()),
                (Class::Unknown, "e\u{301}".to_string()),
            ]
        );
    }
}
