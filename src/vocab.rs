//! The vocabulary of words that read the input after them or build a
//! structure: one row per word, saying what it parses, which structure it
//! opens, continues or closes (with the control-flow entries it takes and
//! leaves, as the standard's `( C: … )` effects name them), whether typed
//! at the prompt it opens a structure that runs once closed, and what
//! closes what it leaves open. The REPL's colours and open-input checks,
//! SEE's layout, the reference's chunks, the compiler's messages and
//! `help` ask this table rather than keep lists of their own.
//!
//! A leaf: it knows the words by name only, not what they compile (that is
//! `instr.rs`'s table) nor their bodies (the word tables in `words/`).

/// What a word reads from the input after itself.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Parses {
    /// Nothing: the next token is a word of its own.
    Nothing,
    /// The name of a word it makes.
    NewName,
    /// A name it does not run: a word's (`'`, `postpone`, `see`), a file's
    /// (`include`), a lesson's (`learn`) or a character (`char`).
    Name,
    /// Text up to the byte `end`; `escapes` when a backslash escapes the
    /// next character (`s\"`); `spans_lines` when the REPL waits for the
    /// `end` on a later line (a `(` comment; else the line ends the text
    /// too, as every string's does).
    Text {
        end: u8,
        escapes: bool,
        spans_lines: bool,
    },
    /// The rest of the line.
    Line,
}

/// A structure made of several words.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Structure {
    /// `:` … `;`
    Definition,
    /// IF … ELSE … THEN, AHEAD … THEN
    If,
    /// BEGIN … UNTIL, BEGIN … AGAIN, BEGIN … WHILE … REPEAT
    Begin,
    /// DO … LOOP and its kin (`?do`, `+do` … `+loop`, `-loop`)
    Do,
    /// CASE … ENDCASE
    Case,
    /// OF … ENDOF, inside a CASE
    Of,
}

impl Structure {
    /// A control structure (inside a definition, or typed at the prompt).
    pub fn is_control(self) -> bool {
        self != Structure::Definition
    }

    /// Can it be opened at the prompt (one of its openers is `at_prompt`)?
    pub fn opens_at_prompt(self) -> bool {
        WORDS
            .iter()
            .any(|w| w.at_prompt && w.role == Some((self, Role::Opens)))
    }
}

/// A word's part in its structure.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    Opens,
    /// ELSE, WHILE
    Continues,
    Closes,
}

/// An entry on the control-flow stack, as the standard names them. The
/// compiler keeps each as an address and this tag (`Entry::tag`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Entry {
    /// A forward branch to resolve.
    Orig,
    /// A place to branch back to.
    Dest,
    DoSys,
    CaseSys,
    OfSys,
}

impl Entry {
    pub const ALL: [Entry; 5] = [
        Entry::Orig,
        Entry::Dest,
        Entry::DoSys,
        Entry::CaseSys,
        Entry::OfSys,
    ];

    /// The cell that marks this kind of entry on the data stack.
    pub const fn tag(self) -> i64 {
        0x0F01 + self as i64
    }

    pub fn from_tag(tag: i64) -> Option<Entry> {
        Entry::ALL.into_iter().find(|e| e.tag() == tag)
    }

    /// The words that open this kind of entry, as the compiler's messages
    /// name them ("`then` needs an open IF, AHEAD or WHILE").
    pub fn opened_by(self) -> &'static str {
        match self {
            Entry::Orig => "IF, AHEAD or WHILE",
            Entry::Dest => "BEGIN",
            Entry::DoSys => "DO",
            Entry::CaseSys => "CASE",
            Entry::OfSys => "OF",
        }
    }
}

/// One word of the vocabulary.
#[derive(Clone, Copy, Debug)]
pub struct Word {
    /// Lower case, as the word is found.
    pub name: &'static str,
    pub parses: Parses,
    /// The structure it is part of, and its part.
    pub role: Option<(Structure, Role)>,
    /// The control-flow entries it takes (the oldest first) and leaves.
    pub takes: &'static [Entry],
    pub leaves: &'static [Entry],
    /// Typed outside a definition (PROMPT-CONTROL on), it opens a
    /// structure that is compiled and runs once it closes.
    pub at_prompt: bool,
    /// What closes what it leaves open, for the messages about a
    /// structure left open ("`do` at line 3 has no `loop` or `+loop`").
    pub closer: Option<&'static str>,
}

impl Word {
    const fn new(name: &'static str) -> Word {
        Word {
            name,
            parses: Parses::Nothing,
            role: None,
            takes: &[],
            leaves: &[],
            at_prompt: false,
            closer: None,
        }
    }

    const fn parses(mut self, p: Parses) -> Word {
        self.parses = p;
        self
    }

    /// Its part in `s`, with its control-flow effect `( C: takes -- leaves )`.
    const fn part(
        mut self,
        s: Structure,
        r: Role,
        takes: &'static [Entry],
        leaves: &'static [Entry],
    ) -> Word {
        self.role = Some((s, r));
        self.takes = takes;
        self.leaves = leaves;
        self
    }

    const fn at_prompt(mut self) -> Word {
        self.at_prompt = true;
        self
    }

    const fn closed_by(mut self, closer: &'static str) -> Word {
        self.closer = Some(closer);
        self
    }

    /// Does it read a name (to make a word, or one it does not run)?
    pub fn parses_name(&self) -> bool {
        matches!(self.parses, Parses::NewName | Parses::Name)
    }
}

const fn new_name(name: &'static str) -> Word {
    Word::new(name).parses(Parses::NewName)
}

const fn name(name: &'static str) -> Word {
    Word::new(name).parses(Parses::Name)
}

/// Text up to a `"` (`s"` …) or `)` (`(` …).
const fn text(name: &'static str, end: u8, escapes: bool, spans_lines: bool) -> Word {
    Word::new(name).parses(Parses::Text {
        end,
        escapes,
        spans_lines,
    })
}

const fn control(name: &'static str, s: Structure, r: Role) -> Word {
    Word::new(name).part(s, r, &[], &[])
}

use Entry::*;
use Role::*;
use Structure::*;

const IF_CLOSER: &str = "`then` (IF … THEN, or IF … ELSE … THEN)";
const LOOP_CLOSER: &str = "`loop` or `+loop`";
const CASE_CLOSER: &str = "`endcase` (CASE … ENDCASE)";

/// The vocabulary, one row per word.
pub const WORDS: &[Word] = &[
    // ---- definitions ----
    new_name(":").part(Definition, Opens, &[], &[]),
    control(":noname", Definition, Opens),
    control(";", Definition, Closes),
    // ---- control structures ----
    Word::new("if")
        .part(If, Opens, &[], &[Orig])
        .at_prompt()
        .closed_by(IF_CLOSER),
    Word::new("ahead")
        .part(If, Opens, &[], &[Orig])
        .closed_by("`then`"),
    Word::new("else")
        .part(If, Continues, &[Orig], &[Orig])
        .closed_by("`then`"),
    Word::new("then").part(If, Closes, &[Orig], &[]),
    Word::new("begin")
        .part(Begin, Opens, &[], &[Dest])
        .at_prompt()
        .closed_by("`until`, `again` or `while` … `repeat`"),
    Word::new("while")
        .part(Begin, Continues, &[Dest], &[Orig, Dest])
        .closed_by("`repeat` (BEGIN … WHILE … REPEAT)"),
    Word::new("repeat").part(Begin, Closes, &[Orig, Dest], &[]),
    Word::new("until").part(Begin, Closes, &[Dest], &[]),
    Word::new("again").part(Begin, Closes, &[Dest], &[]),
    Word::new("do")
        .part(Do, Opens, &[], &[DoSys])
        .at_prompt()
        .closed_by(LOOP_CLOSER),
    Word::new("?do")
        .part(Do, Opens, &[], &[DoSys])
        .at_prompt()
        .closed_by(LOOP_CLOSER),
    Word::new("+do")
        .part(Do, Opens, &[], &[DoSys])
        .closed_by(LOOP_CLOSER),
    Word::new("u+do")
        .part(Do, Opens, &[], &[DoSys])
        .closed_by(LOOP_CLOSER),
    Word::new("-do")
        .part(Do, Opens, &[], &[DoSys])
        .closed_by(LOOP_CLOSER),
    Word::new("u-do")
        .part(Do, Opens, &[], &[DoSys])
        .closed_by(LOOP_CLOSER),
    Word::new("loop").part(Do, Closes, &[DoSys], &[]),
    Word::new("+loop").part(Do, Closes, &[DoSys], &[]),
    Word::new("-loop").part(Do, Closes, &[DoSys], &[]),
    Word::new("case")
        .part(Case, Opens, &[], &[CaseSys])
        .at_prompt()
        .closed_by(CASE_CLOSER),
    Word::new("of")
        .part(Of, Opens, &[], &[OfSys])
        .closed_by("`endof`"),
    Word::new("endof")
        .part(Of, Closes, &[OfSys], &[])
        .closed_by(CASE_CLOSER),
    Word::new("endcase").part(Case, Closes, &[CaseSys], &[]),
    // ---- words that make the word named next ----
    new_name("create"),
    new_name("variable"),
    new_name("2variable"),
    new_name("fvariable"),
    new_name("constant"),
    new_name("2constant"),
    new_name("fconstant"),
    new_name("value"),
    new_name("2value"),
    new_name("fvalue"),
    new_name("defer"),
    new_name("buffer:"),
    new_name("marker"),
    new_name("begin-structure"),
    new_name("field:"),
    new_name("cfield:"),
    new_name("ffield:"),
    new_name("+field"),
    new_name("synonym"),
    // ---- words that read a name they do not run ----
    name("to"),
    name("+to"),
    name("is"),
    name("action-of"),
    name("'"),
    name("[']"),
    name("postpone"),
    name("[compile]"),
    name("char"),
    name("[char]"),
    name("see"),
    name("help"),
    name("trace"),
    name("untrace"),
    // Not a word here (MARKER does its job), but the REPL still reads the
    // name after it as a name, as the standard's FORGET would.
    name("forget"),
    name("[defined]"),
    name("[undefined]"),
    name("include"),
    name("require"),
    name("effects"),
    name("learn"),
    // ---- words that read text ----
    text("s\"", b'"', false, false),
    text(".\"", b'"', false, false),
    text("c\"", b'"', false, false),
    text("abort\"", b'"', false, false),
    text(",\"", b'"', false, false),
    text("s\\\"", b'"', true, false),
    text(".\\\"", b'"', true, false),
    text("(", b')', false, true),
    text(".(", b')', false, false),
    Word::new("\\").parses(Parses::Line),
];

/// The row of a word, whatever its case.
pub fn find(name: &str) -> Option<&'static Word> {
    WORDS.iter().find(|w| w.name.eq_ignore_ascii_case(name))
}

/// What a word parses (`Nothing` for a word not in the table).
pub fn parses(name: &str) -> Parses {
    find(name).map_or(Parses::Nothing, |w| w.parses)
}

/// Its part in a control structure, if it has one.
pub fn control_role(name: &str) -> Option<(Structure, Role)> {
    find(name)?.role.filter(|(s, _)| s.is_control())
}

/// Does typing it outside a definition open a structure that runs once
/// closed (with PROMPT-CONTROL on; `help` says so of each)?
pub fn opens_at_prompt(name: &str) -> bool {
    find(name).is_some_and(|w| w.at_prompt)
}

/// Does it start a definition (`:`, `:noname`)?
pub fn opens_definition(name: &str) -> bool {
    find(name).is_some_and(|w| w.role == Some((Definition, Opens)))
}

/// What closes a control structure opened (or continued) by `word`, for
/// the error when `;` comes first and the REPL's notes.
pub fn closer_of(word: &str) -> Option<&'static str> {
    find(word)?.closer
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_lower_case_and_once() {
        for (k, w) in WORDS.iter().enumerate() {
            assert_eq!(w.name, w.name.to_ascii_lowercase());
            assert!(
                WORDS[..k].iter().all(|v| v.name != w.name),
                "{} twice",
                w.name
            );
        }
    }

    /// An opener or a word in the middle says what closes it; a word
    /// that opens or continues a control structure leaves an entry.
    #[test]
    fn open_parts_name_their_closer() {
        for w in WORDS {
            if let Some((s, r)) = w.role
                && s.is_control()
            {
                if r != Closes {
                    assert!(w.closer.is_some(), "{}", w.name);
                    assert!(!w.leaves.is_empty(), "{}", w.name);
                }
                if r != Opens {
                    assert!(!w.takes.is_empty(), "{}", w.name);
                }
            }
        }
    }

    #[test]
    fn tags_round_trip() {
        for e in Entry::ALL {
            assert_eq!(Entry::from_tag(e.tag()), Some(e));
        }
    }
}
