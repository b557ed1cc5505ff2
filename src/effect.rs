//! Stack effects as counts: the [`Effect`] type, what is known of a word's
//! effect ([`Known`], kept in its header), and reading stack comments
//! `( before -- after )` — the tables' and the user's — when they can be
//! read one way ([`Unread`] says why not). A leaf: the dictionary keeps
//! effects, `infer` works them out of code.

/// A fixed stack effect: cells taken and left on the data stack, floats
/// taken and left on the floating-point stack. `ins` counts the deepest
/// cell the code reaches below its entry, so `( a b -- a b c )` written as
/// `3` takes 0 and leaves 1.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Effect {
    pub ins: u32,
    pub outs: u32,
    pub fins: u32,
    pub fouts: u32,
}

impl Effect {
    pub(crate) const fn data(ins: u32, outs: u32) -> Effect {
        Effect {
            ins,
            outs,
            fins: 0,
            fouts: 0,
        }
    }

    /// The effect in the tables' notation with generic names, as SEE,
    /// help, hints and completion show an inferred one: `( x1 x2 -- x3 )`,
    /// `( F: r1 -- r2 )`.
    pub(crate) fn text(&self) -> String {
        // A long run is cut short: `x1 x2 … x40`.
        fn names(first: u32, n: u32, total: u32, letter: &str) -> String {
            if n == 0 {
                return String::new();
            }
            if total == 1 {
                return format!(" {letter}");
            }
            let last = first + n;
            let name = |k: u32| format!(" {letter}{k}");
            if n > 6 {
                return format!("{}{} …{}", name(first), name(first + 1), name(last - 1));
            }
            (first..last).map(name).collect()
        }
        let part = |ins: u32, outs: u32, letter: &str, prefix: &str| {
            let total = ins + outs;
            format!(
                "({prefix}{} --{} )",
                names(1, ins, total, letter),
                names(ins + 1, outs, total, letter)
            )
        };
        let data = part(self.ins, self.outs, "x", "");
        if self.fins == 0 && self.fouts == 0 {
            return data;
        }
        let float = part(self.fins, self.fouts, "r", " F:");
        if self.ins == 0 && self.outs == 0 {
            float
        } else {
            format!("{data} {float}")
        }
    }
}

/// What is known about a colon word's effect, kept in its header.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Known {
    /// Inferred from its code.
    pub inferred: Option<Effect>,
    /// What a caller may count on: the inferred effect unless it
    /// contradicts the word's comment, else a comment that cannot be read
    /// two ways; None when unsure.
    pub calls: Option<Effect>,
    /// Its code reads DEPTH or FDEPTH (itself or in a word it calls): its
    /// ways through may be meant to end at different depths.
    pub inspects: bool,
    /// Its inferred effect rests on words known only by their comments.
    pub trusts: bool,
}

// ---- reading effects: the tables' and the user's comments ----
//
// A comment is read only when it can be read one way: otherwise it is not
// checked, and `effects` and `help` say why (`Unread`). What is read:
//
// - `( before -- after )`, with `F:` (floats), `S:` (data), `R:` and `C:`
//   (not counted) switching the stack the names go on; a marker carries
//   over `--` (`( F: r1 -- r2 )`) and may be repeated (`( F: a -- F: b )`),
//   in either case.
// - Parsed text is no item: `"name"`, and `<name>`, `<text>` (gforth's
//   way of writing what a word parses).
// - The first `;` ends the effect: what follows is a note
//   (`( n -- ; one cell per set )`) or another word's effect (`( "name"
//   -- ; -- x )`, the effect of the word defined). A lone `=` starts a
//   description of the items (`( u -- flag = true if ... )`).
// - `a^2 + b^2`: names joined by `+ - * / ^ mod` are one item.
// - Doubles' names (`d`, `ud1`) count one cell or two, whichever fits.
//
// Not read: a varying number of items (`i*x`, `...`, `x1 .. xn`), items
// that may be there or not (`[n]`), alternatives of different sizes
// (`0 | x x`), prose (`days since March 1`), `'index'` (a character or
// parsed text?), names for cells on the float stack, a name after `--`
// whose stack is not clear (`( n F: r -- m )`), other semantics
// (`Execution:`), and a comment without `--`.

/// One side of an effect, as counts of cells: `lo..=hi`, because a token
/// such as `d` (a double in the standard's names, a direction in a
/// game's) may be read as two cells or as one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Count {
    lo: u32,
    hi: u32,
}

/// A stack comment read as counts. None for a part means the comment has
/// no such part.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Declared {
    data: Option<(Count, Count)>,
    float: Option<(Count, Count)>,
}

/// Why a stack comment cannot be read as fixed counts, so is not checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Unread {
    /// No `--`: a note, not a stack comment.
    NoDashes,
    /// `( a -- b -- c )`.
    TwoDashes,
    /// A stray `"` or a `(` inside the comment.
    Unbalanced,
    /// `i*x`, `...`, `x1 .. xn`: any number of items.
    Varies(String),
    /// `[n]`: an item that may be there or not.
    Optional(String),
    /// `0 | x x`: alternatives with different numbers of items.
    Alternatives,
    /// A word of prose (`since`, `March`, `etc.`).
    Prose(String),
    /// `'index'`: a character, or parsed text?
    Quoted(String),
    /// `Execution:`, `Compilation:`: a stack or semantics not counted.
    Marker(String),
    /// `( n F: r -- m )`: which stack `m` is on.
    WhichStack(String),
    /// `( F: r n -- )`: a cell's name on the float stack.
    CellOnFloat(String),
    /// `+` with nothing on one side.
    Dangling(String),
}

impl Unread {
    /// Why, as `effects` and `help` say it.
    pub(crate) fn why(&self) -> String {
        match self {
            Unread::NoDashes => "it has no `--`".to_string(),
            Unread::TwoDashes => "it has two `--`".to_string(),
            Unread::Unbalanced => "a `\"` or `(` in it is not closed".to_string(),
            Unread::Varies(t) => format!("`{t}` stands for any number of items"),
            Unread::Optional(t) => format!("`{t}` may be there or not"),
            Unread::Alternatives => {
                "its alternatives (`|`) leave different numbers of items".to_string()
            }
            Unread::Prose(t) => format!("`{t}` reads as prose, not as an item"),
            Unread::Quoted(t) => format!("`{t}` may be a character or parsed text"),
            Unread::Marker(t) => format!("`{t}` is not a stack it counts"),
            Unread::WhichStack(t) => format!("it does not say which stack `{t}` is on"),
            Unread::CellOnFloat(t) => format!("`{t}` names a cell, on the float stack"),
            Unread::Dangling(t) => format!("`{t}` has nothing on one side"),
        }
    }
}

/// Does a token stand for a variable number of items (`i*x`, `...`,
/// `x1..xn`)?
fn variable(token: &str) -> bool {
    if token == "…" {
        return true;
    }
    // `x1..xn`, `..`; but `0..n-1`, `1..6` is one number in a range.
    if let Some((from, _)) = token.split_once("..") {
        return !from
            .trim_start_matches('-')
            .starts_with(|c: char| c.is_ascii_digit());
    }
    // `i*x`, `n*x`, `u*r`: a count of items; `n*n` and `r*r` are products.
    match token.split_once('*') {
        Some((count, kind)) => {
            let kind = kind.trim_end_matches(|c: char| c.is_ascii_digit() || c == '\'');
            matches!(count, "i" | "j" | "k" | "l" | "m" | "n" | "u") && matches!(kind, "x" | "r")
        }
        None => false,
    }
}

/// Is the token a double's name (`d`, `ud1`, `d'`, `-d`, `xd`), two cells
/// in the standard's notation, or a width that is two cells on a 32-bit
/// system (`64bit`)?
fn double(token: &str) -> bool {
    let t = token.trim_start_matches(['+', '-']).trim_end_matches('\'');
    let wide = t
        .strip_suffix("bits")
        .or_else(|| t.strip_suffix("bit"))
        .and_then(|n| n.parse::<u32>().ok())
        .is_some_and(|n| n > 32);
    let t = t.strip_prefix(['u', 'x']).unwrap_or(t);
    wide || matches!(t.strip_prefix('d'), Some(rest) if rest.chars().all(|c| c.is_ascii_digit()))
}

/// Words that are prose, never an item's name.
const PROSE: &[&str] = &[
    "the",
    "of",
    "since",
    "until",
    "than",
    "then",
    "that",
    "this",
    "these",
    "those",
    "which",
    "when",
    "where",
    "is",
    "are",
    "was",
    "were",
    "be",
    "been",
    "it",
    "its",
    "if",
    "else",
    "not",
    "per",
    "via",
    "as",
    "by",
    "on",
    "an",
    "and",
    "or",
    "each",
    "every",
    "with",
    "into",
    "onto",
    "for",
    "at",
    "all",
    "same",
    "otherwise",
    "returns",
    "return",
    "gives",
];

/// Is the token a word of prose: one of `PROSE`, a capitalised word
/// (`March`), a word ending a clause (`calculation,`, `etc.`), or a
/// participle (`filtered`)?
fn prose(token: &str) -> bool {
    if PROSE.iter().any(|p| token.eq_ignore_ascii_case(p)) {
        return true;
    }
    let mut chars = token.chars();
    let capitalised = chars.next().is_some_and(|c| c.is_ascii_uppercase())
        && token.chars().all(|c| c.is_ascii_alphabetic())
        && token.chars().any(|c| c.is_ascii_lowercase());
    let clause = token.len() > 1 && (token.ends_with(',') || token.ends_with('.'));
    // `filtered value`: a participle describes an item, it is none
    // (`seed`, `speed` are items).
    let participle = token.len() >= 5
        && token.chars().all(|c| c.is_ascii_lowercase())
        && token.ends_with("ed")
        && !token.ends_with("eed");
    capitalised || clause || participle
}

/// An operator joining two names into one item: `a^2 + b^2`.
fn operator(token: &str) -> bool {
    matches!(
        token,
        "+" | "-"
            | "*"
            | "/"
            | "^"
            | "**"
            | "mod"
            | "<<"
            | ">>"
            | "<"
            | ">"
            | "<="
            | ">="
            | "<>"
            | "xor"
    )
}

/// A cell's name, which on the float stack means the comment mixes the
/// stacks up: `( F: r n1 n2 -- )`.
fn cell_name(token: &str) -> bool {
    let t = token.trim_end_matches(|c: char| c.is_ascii_digit() || c == '\'');
    matches!(
        t,
        "n" | "+n"
            | "u"
            | "char"
            | "addr"
            | "a-addr"
            | "c-addr"
            | "flag"
            | "xt"
            | "len"
            | "ior"
            | "wid"
            | "fid"
            | "fileid"
            | "str"
    )
}

/// The cells one alternative of a side stands for.
fn count(tokens: &[&str], float: bool, user: bool) -> Result<Count, Unread> {
    let mut c = Count { lo: 0, hi: 0 };
    // After an operator, the next name belongs to the same item.
    let mut joined = false;
    // Whether the item being read may be a double.
    let mut item_two = false;
    let mut last: Option<&str> = None;
    for &t in tokens {
        // A user's `colon-sys`, `do-sys`: as many cells as the system
        // likes (the tables' are playforth's, one cell).
        if variable(t) || (user && t.ends_with("-sys")) {
            return Err(Unread::Varies(t.to_string()));
        }
        if t.starts_with('[') || t.ends_with(']') || t.starts_with('{') || t.ends_with('}') {
            return Err(Unread::Optional(t.to_string()));
        }
        if t.len() > 2 && t.starts_with('\'') && t.ends_with('\'') {
            return Err(Unread::Quoted(t.to_string()));
        }
        if prose(t) {
            return Err(Unread::Prose(t.to_string()));
        }
        if t.len() > 2 && t.starts_with('<') && t.ends_with('>') {
            // Parsed (or printed) text: `<name>`.
            continue;
        }
        if operator(t) {
            if last.is_none() || joined {
                return Err(Unread::Dangling(t.to_string()));
            }
            joined = true;
            last = Some(t);
            continue;
        }
        if float && cell_name(t) {
            return Err(Unread::CellOnFloat(t.to_string()));
        }
        let two = double(t);
        if joined {
            // The same item: two cells if a double is in it.
            if two && !item_two {
                c.hi += 1;
                item_two = true;
            }
            joined = false;
        } else {
            c.lo += 1;
            c.hi += if two { 2 } else { 1 };
            item_two = two;
        }
        last = Some(t);
    }
    match last {
        Some(t) if joined => Err(Unread::Dangling(t.to_string())),
        _ => Ok(c),
    }
}

/// One side of a stack, which may list alternatives (`0 | x x`): the
/// same count in every alternative, or not read.
fn side(tokens: &[&str], float: bool, user: bool) -> Result<Count, Unread> {
    let mut counts = tokens.split(|t| *t == "|").map(|a| count(a, float, user));
    let first = counts.next().unwrap_or(Ok(Count { lo: 0, hi: 0 }))?;
    for c in counts {
        if c? != first {
            return Err(Unread::Alternatives);
        }
    }
    Ok(first)
}

/// The stacks a comment's names go on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Stack {
    Data,
    Float,
    /// `R:`, `C:`: read, not counted.
    Other,
}

/// The tokens of one `( … )` group, `;` and `--` split off the names
/// they touch (`x2;`, `n--`).
fn tokens(group: &str) -> Vec<&str> {
    let mut out = Vec::new();
    for t in group.split_whitespace() {
        let (t, semi) = match t.strip_suffix(';') {
            Some(rest) if !rest.is_empty() => (rest, true),
            _ => (t, false),
        };
        // `---`: the separator in older code.
        let t = if t == "---" { "--" } else { t };
        match t.find("--") {
            Some(at) if t != "--" && !t.contains("---") => {
                let (before, after) = (&t[..at], &t[at + 2..]);
                out.extend([before, "--", after].into_iter().filter(|s| !s.is_empty()));
            }
            _ => out.push(t),
        }
        if semi {
            out.push(";");
        }
    }
    out
}

/// Read one group: the counts for the stacks it names.
fn read_group(group: &str, user: bool, d: &mut Declared) -> Result<(), Unread> {
    let all = tokens(group);
    // A lone `=` starts a description; the first `;` ends the effect.
    let end = all
        .iter()
        .position(|t| *t == "=" || *t == ";")
        .unwrap_or(all.len());
    let tokens = &all[..end];
    // A note that speaks of a varying number (`= convert i*x`) says the
    // effect is not fixed after all.
    if let Some(t) = all[end..].iter().find(|t| variable(t)) {
        return Err(Unread::Varies(t.to_string()));
    }
    let mut dashes = tokens.iter().filter(|t| **t == "--");
    if dashes.next().is_none() {
        return Err(Unread::NoDashes);
    }
    if dashes.next().is_some() {
        return Err(Unread::TwoDashes);
    }
    // Names by side (before, after) and stack.
    let mut names: [[Vec<&str>; 3]; 2] = Default::default();
    let mut named = [false; 3];
    let mut any_marker = false;
    let (mut after, mut stack): (usize, Option<Stack>) = (0, Some(Stack::Data));
    let mut used_before: Vec<Stack> = Vec::new();
    for &t in tokens {
        if t == "--" {
            after = 1;
            // The marker carries over `--` when one stack was named before.
            stack = match used_before.as_slice() {
                [] => Some(Stack::Data),
                [one] => Some(*one),
                _ => None,
            };
            continue;
        }
        if t.len() > 1 && t.ends_with(':') {
            any_marker = true;
            stack = Some(match t.to_ascii_uppercase().as_str() {
                "S:" => Stack::Data,
                "F:" => Stack::Float,
                "R:" | "C:" => Stack::Other,
                _ => return Err(Unread::Marker(t.to_string())),
            });
            let s = stack.unwrap_or(Stack::Data);
            named[s as usize] = true;
            if after == 0 && !used_before.contains(&s) {
                used_before.push(s);
            }
            continue;
        }
        let Some(s) = stack else {
            return Err(Unread::WhichStack(t.to_string()));
        };
        if after == 0 && !used_before.contains(&s) {
            used_before.push(s);
        }
        named[s as usize] = true;
        names[after][s as usize].push(t);
    }
    if !any_marker {
        named[Stack::Data as usize] = true;
    }
    for (s, slot) in [(Stack::Data, &mut d.data), (Stack::Float, &mut d.float)] {
        if named[s as usize] {
            let float = s == Stack::Float;
            let before = side(&names[0][s as usize], float, user)?;
            let after = side(&names[1][s as usize], float, user)?;
            *slot = Some((before, after));
        }
    }
    Ok(())
}

/// Read `( before -- after ) ( F: before -- after )`: each group's counts.
/// A `user`'s comment, not the tables'.
fn read(text: &str, user: bool) -> Result<Declared, Unread> {
    // Quoted tokens (`"name"`, `"ccc<quote>"`, `n*"string"` with what is
    // written against the quotes) name parsed text.
    let pieces: Vec<&str> = text.split('"').collect();
    if pieces.len().is_multiple_of(2) {
        return Err(Unread::Unbalanced);
    }
    let last = pieces.len() - 1;
    let plain: String = pieces
        .iter()
        .enumerate()
        .step_by(2)
        .map(|(k, p)| {
            let p = if k < last {
                p.trim_end_matches(|c: char| !c.is_whitespace() && c != '(')
            } else {
                p
            };
            if k > 0 {
                p.trim_start_matches(|c: char| !c.is_whitespace() && c != ')')
            } else {
                p
            }
        })
        .collect::<Vec<_>>()
        .join(" ");
    let mut d = Declared {
        data: None,
        float: None,
    };
    let mut rest = plain.as_str();
    let mut groups = 0;
    while let Some(open) = rest.find('(') {
        let inner = &rest[open + 1..];
        let close = inner.find(')').unwrap_or(inner.len());
        let group = &inner[..close];
        if group.contains('(') {
            return Err(Unread::Unbalanced);
        }
        read_group(group, user, &mut d)?;
        groups += 1;
        rest = inner.get(close + 1..).unwrap_or("");
    }
    if groups == 0 {
        return Err(Unread::NoDashes);
    }
    Ok(d)
}

/// The effect the tables declare for a built-in word, doubles counting
/// two cells; None if it varies.
pub(crate) fn table_effect(text: &str) -> Option<Effect> {
    let d = read(text, false).ok()?;
    let zero = Count { lo: 0, hi: 0 };
    let (ins, outs) = d.data.unwrap_or((zero, zero));
    let (fins, fouts) = d.float.unwrap_or((zero, zero));
    Some(Effect {
        ins: ins.hi,
        outs: outs.hi,
        fins: fins.hi,
        fouts: fouts.hi,
    })
}

/// Why a user's stack comment is not checked, or None when it is read.
pub(crate) fn unread(text: &str) -> Option<Unread> {
    read(text, true).err()
}

/// Does a user's comment have an `F:` part?
pub(crate) fn float_part(text: &str) -> bool {
    read(text, true).is_ok_and(|d| d.float.is_some())
}

/// The effect a user's comment promises callers, when it can be read
/// only one way: no doubles' names, no floats' names outside an `F:` part.
pub(crate) fn comment_effect(text: &str) -> Option<Effect> {
    let d = read(text, true).ok()?;
    let zero = Count { lo: 0, hi: 0 };
    // A comment without a data part may have it in a second comment.
    let (ins, outs) = d.data?;
    let (fins, fouts) = d.float.unwrap_or((zero, zero));
    if ins.lo != ins.hi || outs.lo != outs.hi || fins.lo != fins.hi || fouts.lo != fouts.hi {
        return None;
    }
    if d.float.is_none() && floats_named(text) {
        return None;
    }
    Some(Effect {
        ins: ins.hi,
        outs: outs.hi,
        fins: fins.hi,
        fouts: fouts.hi,
    })
}

/// Does a comment name floats (`r`, `r1`, `f'`) where it should name
/// cells? Many programs write `( r1 r2 -- r3 )` for floats.
fn floats_named(text: &str) -> bool {
    text.split(|c: char| c.is_whitespace() || c == '(' || c == ')')
        .map(|t| t.trim_end_matches(|c: char| c.is_ascii_digit() || c == '\''))
        .any(|t| t == "r" || t == "f")
}

/// Why a definition's code cannot be what its comment says, or None if
/// it can (or the comment says nothing checkable). Code that `inspects`
/// the depth may leave in place items its comment names.
pub(crate) fn disagreement(comment: &str, code: &Effect, inspects: bool) -> Option<String> {
    let d = read(comment, true).ok()?;
    let uses_floats = code.fins > 0 || code.fouts > 0;
    if d.float.is_none() && uses_floats {
        // `( r1 r2 -- r3 )`: floats written where cells would go.
        return None;
    }
    // Only the parts written are checked: the first comment is the one
    // kept, and `( F: r -- ) ( n -- )` has its data part in the second.
    let mut why = Vec::new();
    if let Some((ins, outs)) = d.data
        && let Some(w) = compare(ins, outs, code.ins, code.outs, inspects, "item")
    {
        why.push(w);
    }
    if let Some((fins, fouts)) = d.float
        && let Some(w) = compare(fins, fouts, code.fins, code.fouts, inspects, "float")
    {
        why.push(w);
    }
    (!why.is_empty()).then(|| why.join(", and "))
}

/// The complaint about code whose ways through end `by` cells (or
/// floats) apart, when its comment promises one fixed effect on that
/// stack.
pub(crate) fn uneven_disagreement(comment: &str, by: u32, float: bool) -> Option<String> {
    let d = read(comment, true).ok()?;
    let (part, what) = if float {
        (d.float, "float")
    } else {
        (d.data, "item")
    };
    part?;
    let s = if by == 1 { "" } else { "s" };
    Some(format!(
        "one way through it leaves {by} {what}{s} more than another"
    ))
}

/// Compare one stack's declared counts with the code's: the code may take
/// fewer than declared (leaving the rest in place), never more, and must
/// change the depth by what some reading of the comment says (or, when it
/// only `inspects` its inputs, by that with some of them left in place).
fn compare(
    ins: Count,
    outs: Count,
    took: u32,
    left: u32,
    inspects: bool,
    what: &str,
) -> Option<String> {
    let change = left as i64 - took as i64;
    let lowest = outs.lo as i64 - ins.hi as i64;
    let highest = if inspects {
        outs.hi as i64
    } else {
        outs.hi as i64 - ins.lo as i64
    };
    let depth_ok = (lowest..=highest).contains(&change);
    let items = |n: i64| match n {
        0 => format!("no {what}s"),
        1 => format!("1 {what}"),
        n => format!("{n} {what}s"),
    };
    if took > ins.hi {
        let mut s = format!("takes {}", items(took as i64));
        if !depth_ok {
            s.push_str(&format!(" and leaves {}", items(left as i64)));
        }
        return Some(s);
    }
    // Given the comment's inputs, the code leaves this many.
    (!depth_ok).then(|| format!("leaves {}", items(ins.hi as i64 + change)))
}

// ---- inferring a definition's effect from its code ----
