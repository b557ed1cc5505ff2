//! Stack effects as counts: the [`Effect`] type, what is known of a word's
//! effect ([`Known`], kept in its header), and reading stack comments
//! `( before -- after )` — the tables' and the user's. A leaf: the
//! dictionary keeps effects, `infer` works them out of code.

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
}

// ---- reading effects: the tables' and the user's comments ----

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

/// Does a token stand for a variable number of items (`i*x`, `...`,
/// `x1..xn`)?
fn variable(token: &str) -> bool {
    if token.contains("..") {
        return true;
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
/// in the standard's notation?
fn double(token: &str) -> bool {
    let t = token.trim_start_matches(['+', '-']).trim_end_matches('\'');
    let t = t.strip_prefix(['u', 'x']).unwrap_or(t);
    matches!(t.strip_prefix('d'), Some(rest) if rest.chars().all(|c| c.is_ascii_digit()))
}

/// The cells a list of tokens stands for, or None if it varies.
fn count(tokens: &[&str]) -> Option<Count> {
    let mut c = Count { lo: 0, hi: 0 };
    for t in tokens {
        if variable(t) {
            return None;
        }
        let d = double(t);
        c.lo += 1;
        c.hi += if d { 2 } else { 1 };
    }
    Some(c)
}

/// One side of a group, which may list alternatives (`0 | x x`): None
/// unless every alternative has the same count.
fn side(tokens: &[&str]) -> Option<Count> {
    let mut counts = tokens.split(|t| *t == "|").map(count);
    let first = counts.next()??;
    counts.all(|c| c == Some(first)).then_some(first)
}

/// Read `( before -- after ) ( F: before -- after )`. The parsed
/// arguments (`"name"`) are not on a stack; `R:` and `C:` parts are not
/// counted. None when a part cannot be read as fixed counts.
fn declared(text: &str) -> Option<Declared> {
    // Quoted tokens (`"name"`, `"ccc<quote>"`) name parsed text.
    let mut plain = String::with_capacity(text.len());
    for (k, piece) in text.split('"').enumerate() {
        if k % 2 == 0 {
            plain.push_str(piece);
        }
    }
    let mut d = Declared {
        data: None,
        float: None,
    };
    let mut groups = 0;
    for group in plain.split('(').skip(1) {
        let inner = group.split(')').next().unwrap_or("");
        let tokens: Vec<&str> = inner.split_whitespace().collect();
        let at = tokens.iter().position(|t| *t == "--")?;
        let (before, after) = (&tokens[..at], &tokens[at + 1..]);
        let parts = match before.first() {
            Some(p) if p.ends_with(':') => {
                let p = p.to_ascii_uppercase();
                match p.as_str() {
                    "F:" => Some((&mut d.float, &before[1..])),
                    "S:" => Some((&mut d.data, &before[1..])),
                    _ => None,
                }
            }
            _ => Some((&mut d.data, before)),
        };
        groups += 1;
        if let Some((slot, before)) = parts {
            *slot = Some((side(before)?, side(after)?));
        }
    }
    (groups > 0).then_some(d)
}

/// The effect the tables declare for a built-in word, doubles counting
/// two cells; None if it varies.
pub(crate) fn table_effect(text: &str) -> Option<Effect> {
    let d = declared(text)?;
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

/// The effect a user's comment promises callers, when it can be read
/// only one way: no doubles' names, no floats' names outside an `F:` part.
pub(crate) fn comment_effect(text: &str) -> Option<Effect> {
    let d = declared(text)?;
    let zero = Count { lo: 0, hi: 0 };
    // A comment without a data part may have it in a second comment.
    let (ins, outs) = d.data?;
    let (fins, fouts) = d.float.unwrap_or((zero, zero));
    if ins.lo != ins.hi || outs.lo != outs.hi {
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
/// it can (or the comment says nothing checkable).
pub(crate) fn disagreement(comment: &str, code: &Effect) -> Option<String> {
    let d = declared(comment)?;
    let uses_floats = code.fins > 0 || code.fouts > 0;
    if d.float.is_none() && uses_floats {
        // `( r1 r2 -- r3 )`: floats written where cells would go.
        return None;
    }
    // Only the parts written are checked: the first comment is the one
    // kept, and `( F: r -- ) ( n -- )` has its data part in the second.
    let mut why = Vec::new();
    if let Some((ins, outs)) = d.data
        && let Some(w) = compare(ins, outs, code.ins, code.outs, "item")
    {
        why.push(w);
    }
    if let Some((fins, fouts)) = d.float
        && let Some(w) = compare(fins, fouts, code.fins, code.fouts, "float")
    {
        why.push(w);
    }
    (!why.is_empty()).then(|| why.join(", and "))
}

/// The complaint about code whose ways through end `by` cells (or
/// floats) apart, when its comment promises one fixed effect on that
/// stack.
pub(crate) fn uneven_disagreement(comment: &str, by: u32, float: bool) -> Option<String> {
    let d = declared(comment)?;
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

/// `, if `f` does what its comment says` for the words whose effect was
/// taken from their comment: the warning is then only as true as they are.
pub(crate) fn on_trust(names: &[String]) -> String {
    let quoted: Vec<String> = names.iter().take(3).map(|n| format!("`{n}`")).collect();
    match quoted.as_slice() {
        [] => String::new(),
        [one] => format!(", if {one} does what its comment says"),
        [most @ .., last] => format!(
            ", if {} and {last} do what their comments say",
            most.join(", ")
        ),
    }
}

/// Compare one stack's declared counts with the code's: the code may take
/// fewer than declared (leaving the rest in place), never more, and must
/// change the depth by what some reading of the comment says.
fn compare(ins: Count, outs: Count, took: u32, left: u32, what: &str) -> Option<String> {
    let change = left as i64 - took as i64;
    let lowest = outs.lo as i64 - ins.hi as i64;
    let highest = outs.hi as i64 - ins.lo as i64;
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
