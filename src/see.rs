//! SEE: a word shown as Forth source that compiles back to the same word.
//!
//! A colon definition is decompiled in two steps. Structure recovery turns
//! its instructions back into the words that were written (`Item`s): it
//! replays the compiler's control-flow stack, so each branch becomes the
//! control word that compiled it (IF ELSE THEN, BEGIN UNTIL AGAIN, WHILE
//! REPEAT with any number of WHILEs, AHEAD, OF ENDOF), a call of the word
//! itself becomes RECURSE, a postponed immediate word `postpone name`, and
//! a store into a VALUE or DEFER `to name` or `is name`. Where the kept
//! source text confirms it, a literal or a run of code is shown as it was
//! written: a variable's or constant's name, `['] x`, `[char] c`, `123.`,
//! `$FF`, or an immediate word that compiles a fixed run of code (`?leave`,
//! `+do`, `-loop`, the user's own). Printing then spells the items.
//!
//! Superinstructions are seen through `Instr::unfused`: SEE shows the
//! words that were compiled, not the runs fused at `;`.

use crate::dictionary::{Dictionary, Kind};
use crate::instr::Instr;
use crate::kernel::Forth;
use crate::number::signed;
use crate::parse::{Number, parse_number};
use crate::vocab::{self, Role, Structure};
use crate::words::core::Core;
use crate::words::spec::known;
use std::collections::{BTreeMap, BTreeSet};
use std::mem::discriminant;

/// The widest line SEE prints a definition on; a longer one is laid out.
const SEE_WIDTH: usize = 76;

/// A long definition's words laid out as one writes Forth: two spaces of
/// indent, two more inside each control structure, and lines wrapped
/// between words. A structure that fits on the line it starts on stays
/// there whole; a longer one puts the word that opens it at the end of a
/// line, its body on lines of their own, and ELSE, WHILE and the word that
/// closes it on lines of their own (BEGIN starts a line).
fn lay_out(words: &[String]) -> String {
    let kinds = structure_kinds(words);
    let mut lines: Vec<String> = Vec::new();
    let mut depth = 1usize;
    let mut line = String::new();
    let indent = |d: usize| "  ".repeat(d);
    let flush = |line: &mut String, lines: &mut Vec<String>| {
        if !line.trim().is_empty() {
            lines.push(std::mem::take(line));
        }
        line.clear();
    };
    // Put a word on the line, wrapping first if it does not fit.
    let put = |line: &mut String, lines: &mut Vec<String>, w: &str, depth: usize| {
        if line.is_empty() {
            *line = indent(depth);
        } else if line.chars().count() + 1 + w.chars().count() > SEE_WIDTH {
            flush(line, lines);
            *line = indent(depth + 1);
        } else {
            line.push(' ');
        }
        line.push_str(w);
    };
    let mut i = 0;
    while i < words.len() {
        let (w, kind) = (&words[i], kinds[i]);
        if kind == Opens {
            // The whole structure on this line, if it fits.
            if let Some(end) = closing(&kinds, i) {
                let whole = words[i..=end].join(" ");
                let room = if line.is_empty() {
                    indent(depth).len()
                } else {
                    line.chars().count() + 1
                };
                if room + whole.chars().count() <= SEE_WIDTH {
                    put(&mut line, &mut lines, &whole, depth);
                    i = end + 1;
                    continue;
                }
            }
        }
        // BEGIN starts its line (what comes before it is not its input).
        if matches!(kind, Middle | Closes) || (kind == Opens && w.eq_ignore_ascii_case("begin")) {
            flush(&mut line, &mut lines);
        }
        if matches!(kind, Middle | Closes) {
            depth = depth.saturating_sub(1).max(1);
        }
        put(&mut line, &mut lines, w, depth);
        if kind != Plain {
            flush(&mut line, &mut lines);
            if kind != Closes {
                depth += 1;
            }
        }
        i += 1;
    }
    flush(&mut line, &mut lines);
    lines.join("\n")
}

/// How a word in a definition bears on its layout.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Layout {
    Plain,
    /// IF, DO, BEGIN, CASE, OF …
    Opens,
    /// ELSE, WHILE
    Middle,
    /// THEN, LOOP, UNTIL, REPEAT, ENDOF …
    Closes,
}
use Layout::*;

fn structure_kinds(words: &[String]) -> Vec<Layout> {
    let mut quoted = false;
    words
        .iter()
        .map(|w| {
            let lower = w.to_ascii_lowercase();
            // `postpone if`, `['] then`: a name, not a structure.
            let name_only = std::mem::replace(
                &mut quoted,
                vocab::find(&lower).is_some_and(|w| w.parses_name()),
            );
            match vocab::control_role(&lower) {
                _ if name_only => Plain,
                // AHEAD's THEN is often reached through CS-ROLL, so AHEAD
                // stays on its line.
                _ if lower == "ahead" => Plain,
                Some((_, Role::Opens)) => Opens,
                Some((_, Role::Continues)) => Middle,
                Some((_, Role::Closes)) => Closes,
                None => Plain,
            }
        })
        .collect()
}

/// Where the structure opened at `open` closes.
fn closing(kinds: &[Layout], open: usize) -> Option<usize> {
    let mut depth = 0usize;
    for (k, &kind) in kinds.iter().enumerate().skip(open) {
        match kind {
            Opens => depth += 1,
            Closes => {
                depth -= 1;
                if depth == 0 {
                    return Some(k);
                }
            }
            _ => {}
        }
    }
    None
}

/// What SEE prints for a word.
pub(crate) fn see_text(f: &Forth, xt: u32) -> String {
    let w = &f.vm.dict.words()[xt as usize];
    let name = &w.name;
    let imm = if w.immediate() { " immediate" } else { "" };
    match w.kind {
        Kind::Colon(start) => {
            let items = recover(f, start, w.code_end.max(start));
            let words: Vec<String> = items.iter().map(|i| spell_item(f, i)).collect();
            // What the code does, for a word written without a comment.
            let note = match crate::infer::inferred_text(f, xt) {
                Some(e) => format!("  \\ inferred: {e}"),
                None => String::new(),
            };
            let head = match &w.effect {
                Some(e) => format!(": {name} {e}"),
                None => format!(": {name}"),
            };
            let one_line = format!("{head}  {} ;{imm}", words.join(" "));
            if one_line.chars().count() <= SEE_WIDTH {
                one_line + &note
            } else {
                format!("{head}\n{}\n;{imm}{note}", lay_out(&words))
            }
        }
        Kind::Prim(i) => {
            let spec = crate::words::core::spec_for(i);
            if let Some(forth) = spec.and_then(|s| crate::reference::see_text(s.name)) {
                return forth;
            }
            let effect = spec.map_or("", |s| s.effect);
            format!("`{name}` is built in (written in Rust): {effect}{imm}")
        }
        Kind::Constant(v) => format!("{} constant {name}", signed(v as i128, f.base())),
        Kind::Variable(a) => {
            let v = f.vm.mem.cell(a as i64).unwrap_or(0);
            format!("variable {name}  \\ holds {v}")
        }
        Kind::Create(_) => format!("create {name}"),
        Kind::Does { code, .. } => {
            let end =
                f.vm.dict
                    .word_at(code)
                    .map_or(code, |d| f.vm.dict.words()[d as usize].code_end);
            format!("create {name} does> {} ;", decompile(f, code, end))
        }
        Kind::Value(a) => format!("{} value {name}", f.vm.mem.cell(a as i64).unwrap_or(0)),
        Kind::TwoValue(a) => {
            let (x2, x1) = (
                f.vm.mem.cell(a as i64).unwrap_or(0),
                f.vm.mem.cell(a as i64 + 8).unwrap_or(0),
            );
            format!("{x1} {x2} 2value {name}")
        }
        Kind::FValue(a) => {
            let r = f64::from_bits(f.vm.mem.cell(a as i64).unwrap_or(0) as u64);
            format!("{} fvalue {name}", crate::number::literal_text(r))
        }
        Kind::Defer(a) => {
            let target = f.vm.mem.cell(a as i64).unwrap_or(0);
            let t = usize::try_from(target)
                .ok()
                .and_then(|t| f.vm.dict.words().get(t))
                .map_or("?", |w| &w.name);
            format!("defer {name}  \\ is {t}")
        }
        Kind::Marker(_) => format!("marker {name}"),
        Kind::Forgotten => format!("\\ {name} was forgotten by a MARKER"),
    }
}

/// The name of the colon word that starts at `start`.
fn colon_name(f: &Forth, start: u32) -> String {
    f.vm.dict
        .words()
        .iter()
        .rev()
        .find(|w| w.kind == Kind::Colon(start) && !w.name.is_empty())
        .map_or_else(|| format!("<noname@{start}>"), |w| w.name.to_string())
}

/// The word whose data field is at `body`.
fn body_word(f: &Forth, body: u32) -> Option<&crate::dictionary::Word> {
    f.vm.dict
        .words()
        .iter()
        .rev()
        .find(|w| w.body() == Some(body))
}

fn body_name(f: &Forth, body: u32) -> String {
    body_word(f, body).map_or_else(|| format!("<{body}>"), |w| w.name.to_string())
}

/// The source token an instruction was compiled from, if it is kept.
fn token_of(f: &Forth, at: u32) -> Option<String> {
    f.input.token_at(f.vm.code.pos(at as usize)?)
}

/// How the literal `v` compiled at code address `at` was written, from
/// the word the code space records as compiling it: a variable, CREATEd
/// word or constant by its name, `['] name`, `[char] c`, `c" text"`; a
/// number typed (`$FF`, `'x'`, `-5`) as the kept source shows it, when it
/// reads back as `v` in the current BASE. None when nothing confirms it.
fn literal_as_written(f: &Forth, at: u32, v: i64) -> Option<String> {
    let by = f.vm.code.by(at as usize)?;
    if by == 0 {
        let token = token_of(f, at)?;
        let same = Dictionary::lookup_view(&f.vm.dict, &token).is_none()
            && parse_number(token.as_bytes(), f.base()) == Some(Number::Single(v));
        return same.then_some(token);
    }
    let w = f.vm.dict.words().get(by as usize)?;
    // A name SEE prints must find the same word when compiled again.
    let findable = |xt: u32| {
        let name = &f.vm.dict.words().get(xt as usize)?.name;
        (!name.is_empty() && Dictionary::lookup_view(&f.vm.dict, name) == Some(xt))
            .then(|| name.to_string())
    };
    match w.name.to_ascii_lowercase().as_str() {
        "[char]" => match u8::try_from(v) {
            Ok(c) if c.is_ascii_graphic() => Some(format!("[char] {}", c as char)),
            // A character beyond ASCII: as the source wrote it.
            _ => {
                let rest = f.input.source_from(f.vm.code.pos(at as usize)?)?;
                let mut tokens = rest
                    .split(|c| c.is_ascii_whitespace())
                    .filter(|t| !t.is_empty());
                tokens.next()?;
                let next = tokens.next()?;
                (*next.first()? as i64 == v)
                    .then(|| format!("[char] {}", String::from_utf8_lossy(next)))
            }
        },
        "c\"" => {
            // The counted string at v, as compiled.
            let n = f.vm.mem.byte(v).ok()? as i64;
            let text = std::str::from_utf8(f.vm.mem.slice(v + 1, n).ok()?).ok()?;
            (!text.contains('"')).then(|| format!("c\" {text}\""))
        }
        "[']" => Some(format!("['] {}", findable(u32::try_from(v).ok()?)?)),
        _ => {
            let same = match w.kind {
                Kind::Variable(a) | Kind::Create(a) => a as i64 == v,
                Kind::Constant(c) => c == v,
                _ => false,
            };
            if same { findable(by) } else { None }
        }
    }
}

/// The double-cell number `lo hi` compiled at `at` as typed (`123.`),
/// if the kept source shows a token that reads back as it.
fn double_as_written(f: &Forth, at: u32, lo: i64, hi: i64) -> Option<String> {
    let token = token_of(f, at)?;
    let d = (hi as i128) << 64 | (lo as u64 as i128);
    let same = Dictionary::lookup_view(&f.vm.dict, &token).is_none()
        && parse_number(token.as_bytes(), f.base()) == Some(Number::Double(d));
    same.then_some(token)
}

/// The float literal with these bits compiled at `at` as typed (`1e`,
/// `2.5e-3`), if the kept source shows a token that reads back as it.
fn float_as_written(f: &Forth, at: u32, bits: i64) -> Option<String> {
    let token = token_of(f, at)?;
    let r = crate::number::parse_float(token.as_bytes())?;
    let same = f.base() == 10
        && r.to_bits() as i64 == bits
        && Dictionary::lookup_view(&f.vm.dict, &token).is_none()
        && parse_number(token.as_bytes(), 10).is_none();
    same.then_some(token)
}

/// Decompile a colon definition's code into Forth source, in two steps:
/// `recover` turns the instructions back into the words that were
/// written (`Item`s), and `spell` prints them.
pub(crate) fn decompile(f: &Forth, start: u32, end: u32) -> String {
    let items = recover(f, start, end);
    spell(f, &items)
}

/// Step 1, structure recovery: the words of the definition at
/// `start..end`, in order. The control-flow stack is replayed with the
/// words as written first; when that cannot be (an immediate word whose
/// IF had to be a WHILE), with their expansions; and when no standard
/// words compile to the code (CS-ROLL made it), from the branches'
/// shape alone.
fn recover(f: &Forth, start: u32, end: u32) -> Vec<Item> {
    // SEE shows what was written: superinstructions as their parts.
    let code: Vec<Instr> = f.vm.code.instrs()[start as usize..end as usize]
        .iter()
        .map(|i| i.unfused())
        .collect();
    let recovery = |as_written| Recovery::new(f, start, code.clone(), as_written);
    recovery(true)
        .nested()
        .or_else(|| recovery(false).nested())
        .unwrap_or_else(|| recovery(false).by_shape())
}

/// Step 2, printing: each item as Forth text, one space between them.
fn spell(f: &Forth, items: &[Item]) -> String {
    let words: Vec<String> = items.iter().map(|item| spell_item(f, item)).collect();
    words.join(" ")
}

/// One item as Forth text: names looked up, numbers in the current BASE.
fn spell_item(f: &Forth, item: &Item) -> String {
    match item {
        Item::Keyword(w) => w.to_string(),
        Item::Number(v) => signed(*v as i128, f.base()),
        Item::Source(text) => text.clone(),
        Item::Float(bits) => crate::number::literal_text(f64::from_bits(*bits as u64)),
        Item::Call(start) => colon_name(f, *start),
        Item::Xt(xt) => {
            f.vm.dict
                .words()
                .get(*xt as usize)
                .map_or("?".into(), |w| w.name.to_string())
        }
        Item::Body(body) => body_name(f, *body),
        Item::Local(name) => name.clone(),
        Item::Str(opener, text) => string_literal(opener, text),
        Item::Locals { args, vals: None } => format!("{{: {} :}}", args.join(" ")),
        Item::Locals {
            args,
            vals: Some(vals),
        } => format!("{{: {} | {} :}}", args.join(" "), vals.join(" ")),
        Item::Other(i) => f.instr_name(*i).unwrap_or_else(|| format!("{i:?}")),
    }
}

/// The word an instruction runs, if it is an immediate word: code that
/// runs one was compiled by POSTPONE (or [COMPILE]).
fn immediate_word(f: &Forth, ins: Instr) -> Option<u32> {
    let xt = match ins {
        Instr::Call(start) => {
            f.vm.dict
                .words()
                .iter()
                .rposition(|w| w.kind == Kind::Colon(start) && !w.name.is_empty())?
        }
        Instr::Word(xt) => xt as usize,
        Instr::Prim(_) => {
            f.vm.dict
                .words()
                .iter()
                .position(|w| w.kind == Kind::Prim(ins))?
        }
        _ => return None,
    };
    f.vm.dict.words().get(xt)?.immediate().then_some(xt as u32)
}

/// What running the immediate colon word `xt` compiles, when it always
/// compiles the same run: it only postpones words (`postpone if
/// postpone leave postpone then`). Its expansion, one entry per
/// instruction, and the control words in it, in order. `depth` bounds
/// the words it postpones in turn.
fn expansion(f: &Forth, xt: u32, depth: usize) -> Option<(Vec<Expect>, Vec<&'static str>)> {
    let w = f.vm.dict.words().get(xt as usize)?;
    let Kind::Colon(start) = w.kind else {
        return None;
    };
    if !w.immediate() || depth == 0 {
        return None;
    }
    let body =
        f.vm.code
            .instrs()
            .get(start as usize..w.code_end as usize)?;
    let (last, body) = body.split_last()?;
    if last.unfused() != Instr::Exit {
        return None;
    }
    let mut expect = Vec::new();
    let mut controls = Vec::new();
    for ins in body.iter().map(|i| i.unfused()) {
        match ins {
            Instr::CompileXt(x) => expect.push(Expect::Exactly(f.vm.dict.xt_instr(x)?)),
            Instr::Prim(_) => {
                let name = f.vm.dict.words()[immediate_word(f, ins)? as usize]
                    .name
                    .as_ref();
                let (word, compiled) = control_word(name)?;
                controls.push(word);
                expect.extend(compiled.map(|i| Expect::Like(discriminant(&i))));
            }
            // Only words defined before it, so the walk ends.
            Instr::Call(s) if s < start => {
                let (e, c) = expansion(f, immediate_word(f, ins)?, depth - 1)?;
                expect.extend(e);
                controls.extend(c);
            }
            _ => return None,
        }
        // A run this long is no phrase anyone wrote as one word.
        if expect.len() > MAX_EXPANSION {
            return None;
        }
    }
    Some((expect, controls))
}

/// The most instructions an immediate word shown as written may stand for.
const MAX_EXPANSION: usize = 64;

/// `opener text"`, or its escaped form (`s\"`, `.\"`) when the text has a
/// quote, a control character or bytes that are not UTF-8.
fn string_literal(opener: &str, text: &[u8]) -> String {
    let utf8 = std::str::from_utf8(text).is_ok();
    let plain = utf8 && !text.iter().any(|&b| b == b'"' || b < 32 || b == 127);
    let escaped = match opener {
        "s\"" => "s\\\"",
        ".\"" => ".\\\"",
        _ => opener,
    };
    if plain || escaped == opener {
        return format!("{opener} {}\"", String::from_utf8_lossy(text));
    }
    let mut s = Vec::new();
    for &b in text {
        match b {
            b'"' => s.extend_from_slice(b"\\\""),
            b'\\' => s.extend_from_slice(b"\\\\"),
            b'\n' => s.extend_from_slice(b"\\n"),
            b'\t' => s.extend_from_slice(b"\\t"),
            b'\r' => s.extend_from_slice(b"\\r"),
            32..=126 => s.push(b),
            128.. if utf8 => s.push(b),
            _ => s.extend_from_slice(format!("\\x{b:02X}").as_bytes()),
        }
    }
    format!("{escaped} {}\"", String::from_utf8_lossy(&s))
}

/// A control word as its name is spelled, and what it compiles besides
/// resolving branches (`then` and `begin` compile nothing): the words of
/// IF, BEGIN and DO structures, LEAVE and EXIT. CASE's words and DOES>
/// are left out: an immediate word that compiles them is shown as what it
/// compiled.
fn control_word(name: &str) -> Option<(&'static str, Option<Instr>)> {
    let role = vocab::control_role(name);
    if matches!(role, Some((Structure::Case | Structure::Of, _))) {
        return None;
    }
    match Instr::compiled_by(name) {
        Some((_, Instr::Does(_))) => None,
        Some((w, i)) => Some((w, Some(i))),
        // THEN and BEGIN.
        None => match role {
            Some((Structure::If | Structure::Begin, _)) => Some((vocab::find(name)?.name, None)),
            _ => None,
        },
    }
}

/// How the control words an immediate word compiles fit with the code
/// around it: closed within (`?leave`), opening one structure the code
/// after it closes (`?dup-if`, `+do`), or closing a loop (`-loop`).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Fit {
    Closed,
    Opens,
    Closes,
}

impl Fit {
    /// The fit of a run of control words, if it is one of the three.
    fn of(controls: &[&str]) -> Option<Fit> {
        match controls {
            ["if" | "do" | "?do"] => return Some(Fit::Opens),
            ["loop" | "+loop"] => return Some(Fit::Closes),
            _ => {}
        }
        // Closed: every structure opened in the run ends in it, replaying
        // each word's control-flow effect.
        let mut open: Vec<vocab::Entry> = Vec::new();
        for word in controls.iter().filter_map(|w| vocab::find(w)) {
            for &e in word.takes.iter().rev() {
                if open.pop() != Some(e) {
                    return None;
                }
            }
            open.extend(word.leaves);
        }
        open.is_empty().then_some(Fit::Closed)
    }
}

/// One instruction of an immediate word's expansion: exactly this one,
/// or a control instruction of this kind (its target varies).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Expect {
    Exactly(Instr),
    Like(std::mem::Discriminant<Instr>),
}

impl Expect {
    fn matches(self, i: Instr) -> bool {
        match self {
            Expect::Exactly(e) => e == i,
            Expect::Like(d) => d == discriminant(&i),
        }
    }
}

/// One word of a decompiled definition, as structure recovery found it:
/// what printing needs to spell it.
#[derive(Clone, Debug)]
pub(crate) enum Item {
    /// A word spelled as it is: a control word (`if`, `begin`, `loop` …),
    /// `exit`, `recurse`, `does>`, or the `to`, `+to`, `is`, `action-of`,
    /// `postpone` before a name.
    Keyword(&'static str),
    /// A literal, printed in the current BASE.
    Number(i64),
    /// What the source wrote, when the source confirms it: a variable's or
    /// constant's name, `['] name`, `[char] c`, a number as typed, an
    /// immediate word that compiled a fixed run of code.
    Source(String),
    /// A float literal (its bits), printed so that it reads back.
    Float(i64),
    /// A call of the colon definition that starts at this code address.
    Call(u32),
    /// The word with this execution token.
    Xt(u32),
    /// The VALUE or DEFER whose data is at this address.
    Body(u32),
    /// A local, by name.
    Local(String),
    /// A string: the word that opens it (`s"`, `."`, `abort"`) and its text.
    Str(&'static str, Vec<u8>),
    /// A locals declaration `{: args | vals :}`; `vals` is `None` without `|`.
    Locals {
        args: Vec<String>,
        vals: Option<Vec<String>>,
    },
    /// Any other instruction: a built-in word, spelled by its name.
    Other(Instr),
}

/// An entry of the control-flow stack as structure recovery replays it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Entry {
    /// A forward branch to `target`, opened by `items[item]`. `loose`: it
    /// came from a plain IF, which becomes a WHILE if a loop's end needs
    /// the BEGIN under it; `while_`: it is a WHILE.
    Orig {
        target: u32,
        item: usize,
        loose: bool,
        while_: bool,
    },
    /// A BEGIN at this address.
    Dest(u32),
    /// A DO or ?DO.
    Do,
    /// A CASE.
    Case,
    /// An OF, whose branch goes to `target` (just after its ENDOF).
    Of(u32),
}

/// Where the control words stand in a definition, found from its branches
/// alone: the fallback for code no standard words compile to.
/// - a backward branch is an UNTIL or AGAIN, with a BEGIN at its target;
/// - a forward conditional branch is a WHILE if it lands just after a
///   backward jump (the REPEAT), else an IF, with an ELSE if it lands just
///   after a forward jump; the IF (or its ELSE) is closed by a THEN where
///   the code goes on;
/// - an OF has an ENDOF if it lands just after a jump;
/// - any other forward jump is an AHEAD, closed by a THEN where it lands.
#[derive(Default)]
struct Shape {
    /// Code addresses where a BEGIN stands.
    begins: BTreeSet<u32>,
    /// How many THENs stand before the instruction at an address.
    thens: BTreeMap<u32, usize>,
    /// The control word that compiled the branch at an address.
    words: BTreeMap<u32, &'static str>,
}

impl Shape {
    /// The shape of `code`, which starts at code address `start`.
    fn of(start: u32, code: &[Instr]) -> Shape {
        let mut shape = Shape::default();
        let at = |a: u32| {
            a.checked_sub(start)
                .and_then(|k| code.get(k as usize))
                .copied()
        };
        let prev = |t: u32| t.checked_sub(1).and_then(at);
        for (i, &ins) in code.iter().enumerate() {
            shape.note(start + i as u32, ins, prev);
        }
        shape
    }

    /// Note the control words of the instruction `ins` at address `a`;
    /// `prev(t)` is the instruction just before address `t`.
    fn note(&mut self, a: u32, ins: Instr, prev: impl Fn(u32) -> Option<Instr>) {
        match ins {
            Instr::Branch(t) | Instr::ZBranch(t) if t <= a => {
                self.begins.insert(t);
                let w = if matches!(ins, Instr::ZBranch(_)) {
                    "until"
                } else {
                    "again"
                };
                self.words.entry(a).or_insert(w);
            }
            Instr::ZBranch(t) => match prev(t) {
                Some(Instr::Branch(back)) if back <= a => {
                    self.words.insert(a, "while");
                    self.words.insert(t - 1, "repeat");
                }
                Some(Instr::Branch(fwd)) if fwd > t => {
                    self.words.insert(a, "if");
                    self.words.insert(t - 1, "else");
                    self.then_at(fwd);
                }
                _ => {
                    self.words.insert(a, "if");
                    self.then_at(t);
                }
            },
            Instr::Of(t) => {
                self.words.insert(a, "of");
                if let Some(Instr::Branch(_)) = prev(t) {
                    self.words.insert(t - 1, "endof");
                }
            }
            // A forward jump that is not an ELSE, REPEAT or ENDOF.
            Instr::Branch(t) if !self.words.contains_key(&a) => {
                self.words.insert(a, "ahead");
                self.then_at(t);
            }
            _ => {}
        }
    }

    fn then_at(&mut self, a: u32) {
        *self.thens.entry(a).or_default() += 1;
    }

    /// The structure words that stand before the instruction at `a` (or
    /// at the end of the code): its THENs, then a BEGIN.
    fn words_before(&self, a: u32) -> impl Iterator<Item = Item> {
        let thens = self.thens.get(&a).copied().unwrap_or(0);
        let begin = usize::from(self.begins.contains(&a));
        std::iter::repeat_n(Item::Keyword("then"), thens)
            .chain(std::iter::repeat_n(Item::Keyword("begin"), begin))
    }
}

/// The word that compiled a control instruction other than a branch.
fn keyword(ins: Instr) -> Option<&'static str> {
    ins.word()
}

/// The walk of structure recovery over a definition's instructions.
struct Recovery<'a> {
    forth: &'a Forth,
    /// The code address of `code[0]`.
    start: u32,
    code: Vec<Instr>,
    /// Whether immediate words are shown as written (`?leave`) rather than
    /// as what they compiled.
    as_written: bool,
    /// The control-flow stack at this point of the walk.
    cs: Vec<Entry>,
    /// Where a BEGIN stands: the targets of backward branches.
    begins: BTreeSet<u32>,
    /// The locals frame at this point of the walk, one name a cell,
    /// oldest first, with its type prefix (`d: x`, `d:hi x`, `f: x`, `c: x`).
    locals: Vec<String>,
    /// The locals frame a forward branch brings to its target: where the
    /// walk cannot fall through (after a jump), the frame is this one.
    joins: BTreeMap<u32, Vec<String>>,
    items: Vec<Item>,
}

impl<'a> Recovery<'a> {
    fn new(forth: &'a Forth, start: u32, code: Vec<Instr>, as_written: bool) -> Recovery<'a> {
        let begins = code
            .iter()
            .enumerate()
            .filter_map(|(i, &ins)| match ins {
                Instr::Branch(t) | Instr::ZBranch(t) if t <= start + i as u32 => Some(t),
                _ => None,
            })
            .collect();
        Recovery {
            forth,
            start,
            code,
            as_written,
            cs: Vec::new(),
            begins,
            locals: Vec::new(),
            joins: BTreeMap::new(),
            items: Vec::new(),
        }
    }

    /// The locals frame at `i`: where the code before cannot fall through,
    /// the one a branch brings here. Also notes the frame a forward branch
    /// at `i` takes to its target.
    fn follow_locals(&mut self, i: usize) {
        let a = self.start + i as u32;
        if i > 0
            && matches!(self.code[i - 1], Instr::Branch(_) | Instr::Exit)
            && let Some(frame) = self.joins.get(&a)
        {
            self.locals = frame.clone();
        }
        if let Instr::Branch(t) | Instr::ZBranch(t) | Instr::Of(t) = self.code[i]
            && t > a
        {
            self.joins.entry(t).or_insert_with(|| self.locals.clone());
        }
    }

    /// Every item of the definition, in order, from the control-flow stack
    /// replayed as the compiler kept it; None if no standard control words
    /// compile to this code.
    fn nested(mut self) -> Option<Vec<Item>> {
        let mut i = 0;
        while i < self.code.len() {
            self.follow_locals(i);
            self.land(self.start + i as u32)?;
            if let Some((token, n, fit)) = self.written_run(i) {
                // The run's own instructions are not shown, but locals
                // frames still end in it (a -LOOP's).
                for k in i..i + n {
                    self.follow_locals(k);
                    if matches!(self.code[k], Instr::LocalsExit(_)) {
                        self.instruction(k);
                    }
                }
                if fit == Fit::Closed {
                    self.items.push(Item::Source(token));
                } else {
                    self.control(i + n - 1, Some(token))?;
                }
                i += n;
                continue;
            }
            i += self.control(i, None)?;
        }
        self.land(self.start + self.code.len() as u32)?;
        self.cs.is_empty().then_some(self.items)
    }

    /// The structure words before address `a`: a THEN for each forward
    /// branch that lands here, then a BEGIN if a loop goes back here.
    /// None if a branch landing here is not the newest open one.
    fn land(&mut self, a: u32) -> Option<()> {
        while let Some(&Entry::Orig { target, .. }) = self.cs.last()
            && target == a
        {
            self.cs.pop();
            self.items.push(Item::Keyword("then"));
        }
        let stranded = self.cs.iter().any(|e| match *e {
            Entry::Orig { target, .. } | Entry::Of(target) => target <= a,
            _ => false,
        });
        if stranded {
            return None;
        }
        if self.begins.contains(&a) {
            self.cs.push(Entry::Dest(a));
            self.items.push(Item::Keyword("begin"));
        }
        Some(())
    }

    /// The item for the control word `word`, or the immediate word as
    /// written that compiled it.
    fn push_word(&mut self, word: &'static str, written: Option<String>) {
        self.items
            .push(written.map_or(Item::Keyword(word), Item::Source));
    }

    /// The items of the instruction at `i`, replaying what its control word
    /// did to the control-flow stack; returns how many instructions they
    /// stand for. `written`: the immediate word that compiled it.
    fn control(&mut self, i: usize, written: Option<String>) -> Option<usize> {
        let a = self.start + i as u32;
        let top = self.cs.last().copied();
        match self.code[i] {
            Instr::ZBranch(t) if t > a => {
                self.cs.push(Entry::Orig {
                    target: t,
                    item: self.items.len(),
                    loose: written.is_none(),
                    while_: false,
                });
                self.push_word("if", written);
            }
            Instr::ZBranch(t) => {
                self.close_loop(t)?;
                self.push_word("until", written);
            }
            Instr::Branch(t) if t <= a => {
                self.close_loop(t)?;
                match self.cs.last() {
                    Some(&Entry::Orig {
                        target,
                        while_: true,
                        ..
                    }) if target == a + 1 => {
                        self.cs.pop();
                        self.push_word("repeat", written);
                    }
                    _ => self.push_word("again", written),
                }
            }
            Instr::Branch(t) => {
                let word = match top {
                    Some(Entry::Orig { target, .. }) if target == a + 1 => "else",
                    Some(Entry::Of(target)) if target == a + 1 => "endof",
                    _ => "ahead",
                };
                if word != "ahead" {
                    self.cs.pop();
                }
                self.cs.push(Entry::Orig {
                    target: t,
                    item: self.items.len(),
                    loose: false,
                    while_: false,
                });
                self.push_word(word, written);
            }
            Instr::Of(t) => {
                self.cs.push(Entry::Of(t));
                self.push_word("of", written);
            }
            Instr::Case => {
                self.cs.push(Entry::Case);
                self.push_word("case", written);
            }
            Instr::EndCase => {
                // Every ENDOF's jump lands just after the ENDCASE.
                while let Some(&Entry::Orig { target, .. }) = self.cs.last()
                    && target == a + 1
                {
                    self.cs.pop();
                }
                (self.cs.pop()? == Entry::Case).then_some(())?;
                self.push_word("endcase", written);
            }
            Instr::Do | Instr::QDo(_) => {
                self.cs.push(Entry::Do);
                self.push_word(keyword(self.code[i])?, written);
            }
            Instr::Loop(_) | Instr::PlusLoop(_) => {
                (self.cs.pop()? == Entry::Do).then_some(())?;
                self.push_word(keyword(self.code[i])?, written);
            }
            _ => return Some(self.instruction(i)),
        }
        Some(1)
    }

    /// A loop's end (UNTIL, AGAIN, REPEAT) going back to `dest`: the BEGIN
    /// there must be the newest entry but for IFs opened since, which were
    /// WHILEs (a WHILE puts its branch under the BEGIN).
    fn close_loop(&mut self, dest: u32) -> Option<()> {
        let k = self.cs.iter().rposition(|e| matches!(e, Entry::Dest(_)))?;
        (self.cs[k] == Entry::Dest(dest)).then_some(())?;
        for e in &mut self.cs[k + 1..] {
            match e {
                Entry::Orig {
                    item,
                    loose: true,
                    while_,
                    ..
                } => {
                    self.items[*item] = Item::Keyword("while");
                    *while_ = true;
                }
                _ => return None,
            }
        }
        self.cs.remove(k);
        Some(())
    }

    /// The immediate word that compiled the code at `i`, as the code space
    /// recorded it, when it compiles exactly this run: its name, how many
    /// instructions it stands for, and how it fits.
    fn written_run(&self, i: usize) -> Option<(String, usize, Fit)> {
        if !self.as_written {
            return None;
        }
        // A run: the instructions one token compiled, told by their source
        // position and the word the code space records as compiling them.
        let code = &self.forth.vm.code;
        let a = self.start as usize + i;
        let origin = |at: usize| Some((code.pos(at)?, code.by(at)?));
        let here = origin(a)?;
        if i > 0 && origin(a - 1) == Some(here) {
            return None;
        }
        let n = (i..self.code.len())
            .take_while(|&k| origin(self.start as usize + k) == Some(here))
            .count();
        let xt = Some(here.1).filter(|&xt| xt != 0)?;
        let word = self.forth.vm.dict.words().get(xt as usize)?;
        // `)` ends an ASSERT( that compiled nothing: alone it would not read.
        if &*word.name == ")" || !matches!(word.kind, Kind::Colon(_)) {
            return None;
        }
        // SEE's text must find this word when compiled again.
        if Dictionary::lookup_view(&self.forth.vm.dict, &word.name) != Some(xt) {
            return None;
        }
        let token = word.name.to_string();
        let (expect, controls) = expansion(self.forth, xt, 8)?;
        let fit = Fit::of(&controls)?;
        let run = &self.code[i..i + n];
        let compiled: Vec<Instr> = run
            .iter()
            .copied()
            .filter(|x| !matches!(x, Instr::LocalsExit(_)))
            .collect();
        let same = compiled.len() == expect.len()
            && expect.iter().zip(&compiled).all(|(e, &x)| e.matches(x));
        // An open or closing run ends in its control instruction.
        if !same || (fit != Fit::Closed && run.last() != compiled.last()) {
            return None;
        }
        // A closed run's branches stay inside it (LEAVE and EXIT aside).
        let (lo, hi) = (self.start + i as u32, self.start + (i + n) as u32);
        let inside = run.iter().all(|x| match *x {
            Instr::Branch(t) | Instr::ZBranch(t) | Instr::QDo(t) | Instr::Of(t) => {
                (lo..=hi).contains(&t)
            }
            _ => true,
        });
        (fit != Fit::Closed || inside).then_some((token, n, fit))
    }

    /// The items by the branches' shape alone (see `Shape`).
    fn by_shape(mut self) -> Vec<Item> {
        let shape = Shape::of(self.start, &self.code);
        let mut i = 0;
        while i < self.code.len() {
            let a = self.start + i as u32;
            self.follow_locals(i);
            self.items.extend(shape.words_before(a));
            i += match shape.words.get(&a) {
                Some(&w) => {
                    self.items.push(Item::Keyword(w));
                    1
                }
                None => self.instruction(i),
            };
        }
        let end = self.start + self.code.len() as u32;
        self.items.extend(shape.words_before(end));
        self.items
    }

    /// The items of the instruction at `i` (a control word aside); returns
    /// how many instructions they stand for.
    fn instruction(&mut self, i: usize) -> usize {
        let a = self.start + i as u32;
        let next = self.code.get(i + 1).copied();
        if let Instr::Lit(body) = self.code[i]
            && let Some(n) = self.store_into(body, next)
        {
            return n;
        }
        let item = match self.code[i] {
            Instr::Lit(v) if next == Some(known().flit) => {
                self.items
                    .push(float_as_written(self.forth, a, v).map_or(Item::Float(v), Item::Source));
                return 2;
            }
            Instr::Lit(lo)
                if let Some(Instr::Lit(hi)) = next
                    && self.forth.vm.code.pos(a as usize)
                        == self.forth.vm.code.pos(a as usize + 1)
                    && let Some(text) = double_as_written(self.forth, a, lo, hi) =>
            {
                self.items.push(Item::Source(text));
                return 2;
            }
            Instr::Lit(v) => {
                literal_as_written(self.forth, a, v).map_or(Item::Number(v), Item::Source)
            }
            Instr::Call(start) if start == self.start => Item::Keyword("recurse"),
            Instr::Call(start) if immediate_word(self.forth, Instr::Call(start)).is_none() => {
                Item::Call(start)
            }
            // The final EXIT is the `;`; a LocalsExit goes without saying.
            Instr::Exit if i + 1 == self.code.len() => return 1,
            Instr::LocalsExit(n) => {
                // Before EXIT or LEAVE the frame goes on in the code that follows.
                if !matches!(next, Some(Instr::Exit | Instr::Leave(_))) {
                    let keep = self.locals.len().saturating_sub(n as usize);
                    self.locals.truncate(keep);
                }
                return 1;
            }
            Instr::Str(addr, len) => return self.string(i, addr, len),
            Instr::Value(body)
                if matches!(
                    body_word(self.forth, body).map(|w| w.kind),
                    Some(Kind::Defer(_))
                ) =>
            {
                self.items.push(Item::Keyword("action-of"));
                Item::Body(body)
            }
            Instr::Value(body) | Instr::Defer(body) => Item::Body(body),
            Instr::LocalsEnter(args, vals) => return self.declare_locals(i, args, vals),
            Instr::LocalFetch(n) => return self.local_fetch(i, n),
            Instr::LocalStore(n) => {
                self.items.push(Item::Keyword("to"));
                let double = self.kind(n) == "d:hi" && next == Some(Instr::LocalStore(n + 1));
                if double {
                    self.items.push(self.local(n + 1));
                    return 2;
                }
                self.local(n)
            }
            x if x == known().f_to_bits
                && let Some(Instr::LocalStore(n)) = next
                && self.kind(n) == "f:" =>
            {
                self.items.push(Item::Keyword("to"));
                self.items.push(self.local(n));
                return 2;
            }
            Instr::LocalAdd(n) => {
                self.items.push(Item::Keyword("+to"));
                self.local(n)
            }
            Instr::CompileXt(xt) => {
                self.items.push(Item::Keyword("postpone"));
                Item::Xt(xt)
            }
            other => match immediate_word(self.forth, other) {
                Some(xt) => {
                    self.items.push(Item::Keyword("postpone"));
                    Item::Xt(xt)
                }
                None => keyword(other).map_or(Item::Other(other), Item::Keyword),
            },
        };
        self.items.push(item);
        1
    }

    /// `to name`, `+to name` or `is name` for a store of the literal `body`
    /// by `next` into the data of a VALUE, 2VALUE, FVALUE or DEFER; the
    /// number of instructions it stands for.
    fn store_into(&mut self, body: i64, next: Option<Instr>) -> Option<usize> {
        let body = u32::try_from(body).ok()?;
        let store = crate::words::core::canonical(next?);
        let word = match (body_word(self.forth, body)?.kind, store) {
            (Kind::Value(_), s) if s == Core::Store.instr() => "to",
            (Kind::Value(_), s) if s == Core::PlusStore.instr() => "+to",
            (Kind::TwoValue(_), s) if s == Core::TwoStore.instr() => "to",
            (Kind::FValue(_), s) if s == known().f_store => "to",
            (Kind::Defer(_), s) if s == Core::Store.instr() => "is",
            _ => return None,
        };
        self.items.push(Item::Keyword(word));
        self.items.push(Item::Body(body));
        Some(2)
    }

    /// A string literal at `i`, with the word after it if that prints or
    /// aborts with it (`."`, `abort"`); returns how many instructions.
    fn string(&mut self, i: usize, addr: u32, len: u32) -> usize {
        let mem = &self.forth.vm.mem;
        let text = mem
            .slice(addr as i64, len as i64)
            .map(<[u8]>::to_vec)
            .unwrap_or_default();
        let (opener, used) = match self.code.get(i + 1) {
            Some(&x) if x == known().dot_quote_run => (".\"", 2),
            Some(&x) if x == known().abort_if => ("abort\"", 2),
            _ => ("s\"", 1),
        };
        self.items.push(Item::Str(opener, text));
        used
    }

    /// `{: args | vals :}` at `i`: from here on, locals go by the names
    /// written there (or `a0 a1 … v0 v1 …` if they were not kept). The
    /// float arguments' stores that follow belong to the declaration.
    /// Returns how many instructions it stands for.
    fn declare_locals(&mut self, i: usize, args: u16, vals: u16) -> usize {
        let (args, vals) = (args as usize, vals as usize);
        let a = self.start + i as u32;
        let names = self
            .forth
            .vm
            .code
            .local_names(a)
            .map(<[String]>::to_vec)
            .unwrap_or_else(|| {
                (0..args)
                    .map(|k| format!("a{k}"))
                    .chain((0..vals).map(|k| format!("v{k}")))
                    .collect()
            });
        // A later declaration adds to the locals already there.
        self.locals.extend_from_slice(&names);
        let mut used = 1;
        while self.code.get(i + used) == Some(&known().f_to_bits)
            && matches!(self.code.get(i + used + 1), Some(Instr::LocalStore(_)))
        {
            used += 2;
        }
        let floats = (used - 1) / 2;
        let shown = |v: &[String]| -> Vec<String> {
            v.iter()
                .filter(|n| !n.starts_with("d:hi "))
                .cloned()
                .collect()
        };
        let (x, y) = names.split_at((args + floats).min(names.len()));
        let y = shown(y);
        self.items.push(Item::Locals {
            args: shown(x),
            vals: (!y.is_empty()).then_some(y),
        });
        used
    }

    /// The type of local `n` (counted from the newest): `d:`, `d:hi`,
    /// `f:`, `c:`, or "" for a cell.
    fn kind(&self, n: u16) -> &str {
        self.locals
            .len()
            .checked_sub(1 + n as usize)
            .and_then(|k| self.locals.get(k))
            .and_then(|name| name.split_once(' '))
            .map_or("", |(kind, _)| kind)
    }

    /// A fetch of local `n` at `i`, with what follows it for a typed
    /// local; returns how many instructions it stands for.
    fn local_fetch(&mut self, i: usize, n: u16) -> usize {
        let next = |k: usize| self.code.get(i + k).copied();
        let used = match self.kind(n) {
            "d:" if n > 0 && next(1) == Some(Instr::LocalFetch(n - 1)) => 2,
            "f:" if next(1) == Some(known().flit) => 2,
            "c:" if next(1) == Some(Instr::Lit(255)) && next(2) == Some(Instr::And) => 3,
            _ => 1,
        };
        self.items.push(self.local(n));
        used
    }

    /// Local `n`, counted from the newest, by its name.
    fn local(&self, n: u16) -> Item {
        let name = self
            .locals
            .len()
            .checked_sub(1 + n as usize)
            .and_then(|k| self.locals.get(k))
            .map(|name| name.rsplit(' ').next().unwrap_or(name).to_string())
            .unwrap_or_else(|| format!("local#{n}"));
        Item::Local(name)
    }
}

#[cfg(test)]
mod tests {
    use crate::dictionary::Kind;
    use crate::kernel::Forth;

    /// A word whose code was fused at `;` still shows the words written.
    #[test]
    fn superinstructions_show_as_their_words() {
        let (mut f, _) = Forth::for_test(b"");
        let def = ": fused ( n -- n )  dup 5 < if 1 + else 4 0 do i + loop then ;";
        f.interpret_line(def).expect("compiles");
        let xt = f.vm.dict.find("fused").expect("defined");
        let w = &f.vm.dict.words()[xt as usize];
        let Kind::Colon(start) = w.kind else {
            panic!("a colon definition")
        };
        let code = &f.vm.code.instrs()[start as usize..w.code_end as usize];
        let fused = code.iter().filter(|&&i| i.unfused() != i).count();
        assert!(fused >= 3, "dup 5 < if, 1 +, i + and the jump to EXIT fuse");
        assert_eq!(crate::see::see_text(&f, xt), def);
    }
}
