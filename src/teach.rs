//! What the teaching REPL knows about words: stack effects, descriptions,
//! word sets and examples for `help`, completion and hints, and the
//! "did you mean" of an undefined word. Everything comes from the word
//! tables, the prelude's comments and the user's own stack comments.

use crate::dictionary::Kind;
use crate::vm::Forth;
use crate::words::{Spec, all_specs};

/// Where a word comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Origin {
    /// Written in Rust.
    Builtin,
    /// Written in Forth in the prelude.
    Prelude,
    /// Defined by the user (or a program).
    User,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WordInfo {
    pub name: String,
    pub effect: Option<String>,
    pub doc: Option<String>,
    pub set: Option<&'static str>,
    pub origin: Origin,
    pub example: Option<String>,
}

/// Examples for `help`, for the words a learner meets first. Game words
/// carry theirs in their description.
const EXAMPLES: &[(&str, &str)] = &[
    ("dup", "5 dup * .  \\ 25"),
    ("drop", "1 2 drop .  \\ 1"),
    ("swap", "1 2 swap . .  \\ 1 2"),
    ("over", "1 2 over . . .  \\ 1 2 1"),
    ("rot", "1 2 3 rot . . .  \\ 1 3 2"),
    ("-rot", "1 2 3 -rot . . .  \\ 2 1 3"),
    ("nip", "1 2 nip .  \\ 2"),
    ("tuck", "1 2 tuck . . .  \\ 2 1 2"),
    ("pick", "10 20 30 2 pick .  \\ 10"),
    ("roll", "1 2 3 2 roll . . .  \\ 1 3 2"),
    ("?dup", "0 ?dup depth .  \\ 1"),
    ("2dup", "1 2 2dup .s"),
    ("depth", "1 2 3 depth .  \\ 3"),
    ("+", "2 3 + .  \\ 5"),
    ("-", "10 3 - .  \\ 7"),
    ("*", "6 7 * .  \\ 42"),
    ("/", "-7 2 / .  \\ -4 (floored)"),
    ("mod", "-7 2 mod .  \\ 1"),
    ("/mod", "17 5 /mod . .  \\ 3 2"),
    ("*/", "1000 3 4 */ .  \\ 750"),
    ("negate", "5 negate .  \\ -5"),
    ("abs", "-5 abs .  \\ 5"),
    ("min", "3 9 min .  \\ 3"),
    ("max", "3 9 max .  \\ 9"),
    ("1+", "41 1+ .  \\ 42"),
    ("=", "3 3 = .  \\ -1 (true)"),
    ("<", "1 2 < .  \\ -1"),
    (">", "1 2 > .  \\ 0"),
    ("0=", "0 0= .  \\ -1"),
    ("and", "12 10 and .  \\ 8"),
    ("or", "12 10 or .  \\ 14"),
    ("xor", "12 10 xor .  \\ 6"),
    ("invert", "0 invert .  \\ -1"),
    ("lshift", "1 4 lshift .  \\ 16"),
    ("within", "5 1 10 within .  \\ -1"),
    (".", "42 .  \\ prints 42 and a space"),
    (".s", "1 2 3 .s  \\ <3> 1 2 3"),
    ("emit", "65 emit  \\ A"),
    ("cr", ".\" one\" cr .\" two\""),
    ("type", "s\" hello\" type"),
    ("spaces", "3 spaces .\" x\""),
    (".\"", ": hi .\" Hello!\" ; hi"),
    ("s\"", "s\" forth\" type"),
    (":", ": square ( n -- n*n ) dup * ;  5 square ."),
    (";", ": five 5 ;  five ."),
    ("variable", "variable score  10 score !  score @ ."),
    ("constant", "3 constant Scissor  Scissor ."),
    ("value", "5 value lives  lives .  4 to lives  lives ."),
    ("to", "0 value n  7 to n  n ."),
    ("!", "variable x  42 x !  x @ ."),
    ("@", "variable x  42 x !  x @ ."),
    ("+!", "variable x  1 x !  5 x +!  x @ .  \\ 6"),
    ("create", "create board 64 allot  board 64 erase"),
    ("allot", "create buf 10 allot"),
    (",", "create primes 2 , 3 , 5 ,  primes cell+ @ .  \\ 3"),
    (
        "if",
        ": sign? ( n -- ) 0< if .\" negative\" else .\" not negative\" then ;",
    ),
    (
        "else",
        ": even? ( n -- ) 2 mod if .\" odd\" else .\" even\" then ;",
    ),
    ("then", ": warn ( n -- ) 100 > if .\" too big!\" then ;"),
    ("do", ": count5 5 0 do i . loop ;  count5  \\ 0 1 2 3 4"),
    (
        "?do",
        ": stars ( n -- ) 0 ?do [char] * emit loop ;  0 stars 3 stars",
    ),
    ("loop", ": count5 5 0 do i . loop ;"),
    ("+loop", ": evens 10 0 do i . 2 +loop ;  evens"),
    ("i", ": squares 4 0 do i i * . loop ;  squares"),
    ("leave", ": first3 10 0 do i 3 = if leave then i . loop ;"),
    (
        "begin",
        ": countdown ( n -- ) begin dup . 1- dup 0= until drop ;",
    ),
    (
        "until",
        ": countdown ( n -- ) begin dup . 1- dup 0= until drop ;",
    ),
    (
        "while",
        ": halve ( n -- ) begin dup 0> while dup . 2/ repeat drop ;",
    ),
    (
        "repeat",
        ": halve ( n -- ) begin dup 0> while dup . 2/ repeat drop ;",
    ),
    (
        "again",
        ": forever begin .\" x\" again ;  \\ Ctrl-C stops it",
    ),
    (
        "case",
        ": name ( n -- ) case 1 of .\" one\" endof 2 of .\" two\" endof .\" many\" endcase ;",
    ),
    (
        "recurse",
        ": fact ( n -- n! ) dup 1 > if dup 1- recurse * then ;  5 fact .",
    ),
    ("exit", ": check ( n -- ) dup 0= if drop exit then . ;"),
    ("catch", ": safe ['] / catch if .\" oops\" then ;  1 0 safe"),
    ("throw", ": check ( n -- ) 0< if -24 throw then ;"),
    ("abort\"", ": check ( n -- ) 0< abort\" negative!\" ;"),
    ("key", "key .  \\ press a key: its code"),
    ("see", "see square"),
    ("words", "words"),
    ("help", "help dup"),
    ("include", "include examples/othello.fs"),
    ("execute", "' dup  5 swap execute . .  \\ 5 5"),
    ("'", "' dup execute"),
    ("here", "here . 10 allot here ."),
    ("base", "2 base ! 101 decimal .  \\ 5"),
    ("hex", "hex ff decimal .  \\ 255"),
    ("decimal", "hex 10 decimal .  \\ 16"),
    ("char", "char A .  \\ 65"),
    ("[char]", ": a? ( c -- f ) [char] a = ;"),
    ("random", "random ."),
    ("choose", "6 choose 1+ .  \\ a dice throw"),
];

/// Edit distance, for "did you mean".
fn distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut cur = vec![i + 1];
        for (j, cb) in b.iter().enumerate() {
            let cost = usize::from(ca != *cb);
            cur.push((prev[j] + cost).min(prev[j + 1] + 1).min(cur[j] + 1));
        }
        prev = cur;
    }
    prev[b.len()]
}

fn spec_for(instr: crate::instr::Instr) -> Option<&'static Spec> {
    all_specs().find(|s| s.instr == instr)
}

impl Forth {
    /// Everything known about a word, looked up through the search order.
    pub fn word_info(&mut self, name: &str) -> Option<WordInfo> {
        let xt = self.dict.find(name)?;
        Some(self.info_for(xt))
    }

    pub(crate) fn info_for(&self, xt: u32) -> WordInfo {
        let w = &self.dict.words[xt as usize];
        let name = w.name.to_string();
        let example = EXAMPLES
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(&name))
            .map(|(_, e)| e.to_string());
        if let Kind::Prim(i) = w.kind
            && let Some(spec) = spec_for(i)
        {
            let (doc, example) = match spec.doc.split_once(" Example: ") {
                Some((d, e)) => (d.to_string(), Some(e.to_string())),
                None => (spec.doc.to_string(), example),
            };
            return WordInfo {
                name,
                effect: Some(spec.effect.to_string()),
                doc: Some(doc),
                set: Some(spec.set.name()),
                origin: Origin::Builtin,
                example,
            };
        }
        let prelude = crate::glossary::prelude_entries()
            .into_iter()
            .find(|e| e.name.eq_ignore_ascii_case(&name));
        if let Some(e) = prelude.filter(|_| xt < self.user_start) {
            return WordInfo {
                name,
                effect: Some(e.effect),
                doc: Some(e.doc),
                set: Some("prelude"),
                origin: Origin::Prelude,
                example,
            };
        }
        WordInfo {
            name,
            effect: w.effect.as_deref().map(str::to_string),
            doc: None,
            set: None,
            origin: Origin::User,
            example: None,
        }
    }

    /// The stack effect of a word, if it is known.
    pub fn stack_effect(&mut self, name: &str) -> Option<String> {
        self.word_info(name)?.effect
    }

    /// Names close to an unknown one, best first.
    pub fn suggestions(&self, name: &str) -> Vec<String> {
        let lower = name.to_ascii_lowercase();
        let limit = if lower.len() <= 3 { 1 } else { 2 };
        let mut scored: Vec<(usize, String)> = self
            .visible_names()
            .into_iter()
            .filter_map(|n| {
                let d = distance(&lower, &n.to_ascii_lowercase());
                (d <= limit).then_some((d, n))
            })
            .collect();
        scored.sort();
        scored.dedup_by(|a, b| a.1.eq_ignore_ascii_case(&b.1));
        scored.into_iter().take(3).map(|(_, n)| n).collect()
    }

    /// Every name found through the search order (shadowed ones once).
    pub fn visible_names(&self) -> Vec<String> {
        let mut names: Vec<String> = Vec::new();
        for &wid in self.dict.order.iter().rev() {
            if let Some(wl) = self.dict.wordlists.get(wid as usize) {
                names.extend(
                    wl.map
                        .values()
                        .map(|&xt| self.dict.words[xt as usize].name.to_string()),
                );
            }
        }
        names.sort_by_key(|n| n.to_ascii_lowercase());
        names.dedup_by(|a, b| a.eq_ignore_ascii_case(b));
        names
    }

    /// Names starting with a prefix, with their stack effects, for completion.
    pub fn completions(&mut self, prefix: &str) -> Vec<(String, Option<String>)> {
        let p = prefix.to_ascii_lowercase();
        let names: Vec<String> = self
            .visible_names()
            .into_iter()
            .filter(|n| n.to_ascii_lowercase().starts_with(&p))
            .collect();
        names
            .into_iter()
            .map(|n| (n.clone(), self.stack_effect(&n)))
            .collect()
    }

    /// The text HELP prints.
    pub fn help_text(&mut self, name: Option<&str>) -> String {
        let Some(name) = name else {
            return GETTING_STARTED.to_string();
        };
        let Some(info) = self.word_info(name) else {
            let close = self.suggestions(name);
            return if close.is_empty() {
                format!("`{name}` is not a word I know. `words` lists them all.\n")
            } else {
                format!(
                    "`{name}` is not a word I know. Did you mean {}?\n",
                    quote_list(&close)
                )
            };
        };
        let mut s = format!(
            "{} {}\n",
            info.name,
            info.effect.as_deref().unwrap_or("( ? )")
        );
        if let Some(doc) = &info.doc {
            s.push_str(&format!("  {doc}\n"));
        }
        s.push_str(&match info.origin {
            Origin::Builtin => format!(
                "  Word set: {} (built in, written in Rust)\n",
                info.set.unwrap_or("?")
            ),
            Origin::Prelude => "  Written in Forth in the prelude: `see` shows how.\n".to_string(),
            Origin::User => "  Your own word: `see` shows its definition.\n".to_string(),
        });
        if let Some(e) = &info.example {
            s.push_str(&format!("  Example: {e}\n"));
        }
        s
    }
}

/// `a`, `b` or `c`
pub fn quote_list(names: &[String]) -> String {
    let q: Vec<String> = names.iter().map(|n| format!("`{n}`")).collect();
    match q.len() {
        0 => String::new(),
        1 => q[0].clone(),
        _ => format!("{} or {}", q[..q.len() - 1].join(", "), q[q.len() - 1]),
    }
}

const GETTING_STARTED: &str = "\
Forth works on a stack. Type numbers to push them, and words to work on them:
  2 3 + .        adds 2 and 3 and prints 5
  .s             shows the stack without changing it
  : square ( n -- n*n ) dup * ;    makes a new word; then try  7 square .
After each line playforth says ` ok` and shows the stack: <depth> then the
cells, the top last.
  help WORD      what a word does, with its stack effect ( before -- after )
  words          every word, grouped; Tab completes a word as you type
  see WORD       how a word is defined
  trace WORD     watch a word run step by step (untrace WORD stops it)
Games to play: include examples/othello.fs  (or rps, rps-team, jungle, chess,
fivestep), then type play.  bye or Ctrl-D leaves; Ctrl-C stops a running word.
";

// ---- the REPL's eyes: classes of tokens for colour, and unfinished input ----

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

/// Words after which the next token is a new name, not a word to find.
const DEFINERS: &[&str] = &[
    ":",
    "create",
    "variable",
    "constant",
    "value",
    "2constant",
    "2variable",
    "2value",
    "defer",
    "buffer:",
    "marker",
    "begin-structure",
    "field:",
    "cfield:",
    "+field",
    "synonym",
    "to",
    "+to",
    "is",
    "'",
    "[']",
    "postpone",
    "see",
    "help",
    "char",
    "[char]",
    "include",
    "require",
    "trace",
    "untrace",
    "action-of",
];
/// Words that parse text up to a closing quote or parenthesis.
const QUOTERS: &[&str] = &["s\"", ".\"", "c\"", "abort\"", ",\"", "s\\\""];

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
        let blank = rest.len() - rest.trim_start().len();
        if blank > 0 {
            out.push((Class::Space, rest[..blank].to_string()));
            rest = &rest[blank..];
            continue;
        }
        let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
        let tok = &rest[..end];
        let lower = tok.to_ascii_lowercase();
        if tok == "\\" {
            out.push((Class::Comment, rest.to_string()));
            break;
        }
        if tok == "(" || tok == ".(" {
            let close = rest[end..].find(')').map_or(rest.len(), |i| end + i + 1);
            out.push((Class::Comment, rest[..close].to_string()));
            rest = &rest[close..];
            continue;
        }
        if QUOTERS.contains(&lower.as_str()) {
            let close = rest[end..].find('"').map_or(rest.len(), |i| end + i + 1);
            out.push((Class::Builtin, tok.to_string()));
            out.push((Class::Text, rest[end..close].to_string()));
            rest = &rest[close..];
            continue;
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
                None if crate::interp::parse_number(tok.as_bytes(), base).is_some() => {
                    Class::Number
                }
                None => Class::Unknown,
            }
        };
        if DEFINERS.contains(&lower.as_str()) {
            after_definer = true;
        }
        out.push((class, tok.to_string()));
        rest = &rest[end..];
    }
    out
}

/// ANSI colours for each class.
pub fn colour(class: Class) -> &'static str {
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

/// Is this input unfinished: an open `:` definition, `(` comment or
/// string? Then the REPL asks for another line before running it.
pub fn unfinished(input: &str) -> bool {
    let mut in_definition = false;
    let mut in_comment = false;
    let mut in_string = false;
    for line in input.lines() {
        let mut rest = line;
        loop {
            if in_comment {
                match rest.find(')') {
                    Some(i) => {
                        in_comment = false;
                        rest = &rest[i + 1..];
                    }
                    None => break,
                }
            }
            if in_string {
                match rest.find('"') {
                    Some(i) => {
                        in_string = false;
                        rest = &rest[i + 1..];
                    }
                    None => break,
                }
            }
            let t = rest.trim_start();
            if t.is_empty() {
                break;
            }
            let end = t.find(char::is_whitespace).unwrap_or(t.len());
            let tok = t[..end].to_ascii_lowercase();
            rest = &t[end..];
            match tok.as_str() {
                "\\" => break,
                "(" => in_comment = true,
                ":" | ":noname" => in_definition = true,
                ";" => in_definition = false,
                ".(" => rest = rest.find(')').map_or("", |i| &rest[i + 1..]),
                _ if QUOTERS.contains(&tok.as_str()) => match rest.find('"') {
                    Some(i) => rest = &rest[i + 1..],
                    None => {
                        in_string = true;
                        break;
                    }
                },
                _ => {}
            }
        }
    }
    in_definition || in_comment || in_string
}

/// The word the cursor is in or just after.
pub fn word_at(line: &str, pos: usize) -> &str {
    let pos = pos.min(line.len());
    let start = line[..pos].rfind(char::is_whitespace).map_or(0, |i| i + 1);
    let end = line[pos..]
        .find(char::is_whitespace)
        .map_or(line.len(), |i| pos + i);
    &line[start..end]
}

#[cfg(test)]
mod tests {
    use super::*;

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
    fn unfinished_input_is_noticed() {
        assert!(unfinished(": square"));
        assert!(unfinished(": square\n dup *"));
        assert!(!unfinished(": square\n dup * ;"));
        assert!(unfinished("1 2 ( a long"));
        assert!(!unfinished("1 2 ( a long\n comment ) +"));
        assert!(!unfinished(".\" a ; b\" \\ : c"));
        assert!(!unfinished("s\" :\" type"));
        assert!(unfinished(".\" a long"));
        assert!(!unfinished(".\" a long\nstring\" cr"));
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
}
