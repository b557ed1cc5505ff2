//! Programmer's tools: looking at the stacks, memory and definitions
//! (.S ? DUMP SEE WORDS), conditional compilation, and BYE.

use super::primitives;
use crate::dictionary::{Dictionary, Kind};
use crate::error::*;
use crate::instr::Instr;
use crate::vm::Forth;
use crate::words::float::Floating;
use crate::words::text::{Text, signed};
use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::io::Write;

impl Forth {
    /// What `~~` prints: where, and the stack.
    fn debug_here(&mut self, place: &str) -> Res<()> {
        let _ = self.out.flush();
        let line = format!("{place} {}\n", self.stack_text().trim_end());
        let _ = self.diag.write_all(line.as_bytes());
        Ok(())
    }

    /// The stack as `.S` shows it: `<depth> a b c `.
    pub(crate) fn stack_text(&self) -> String {
        self.stack_text_top(usize::MAX)
    }

    /// The stack as `.S` shows it, but only its top `k` cells (after `…`
    /// when there are more): the REPL's view after ` ok`.
    pub(crate) fn stack_text_top(&self, k: usize) -> String {
        let base = self.base();
        let stack = self.stack();
        let mut s = format!("<{}> ", stack.len());
        if stack.len() > k {
            s.push_str("… ");
        }
        for &x in &stack[stack.len().saturating_sub(k)..] {
            let _ = write!(s, "{} ", signed(x as i128, base));
        }
        s.push_str(&self.fstack_text());
        s
    }

    /// How the source wrote the literal `v` compiled at code address `at`,
    /// if the kept source text shows it and confirms the value: the name
    /// of a variable, CREATEd word or constant, `['] name` or `[char] c`.
    /// None for a plain number (or when the source is gone).
    fn literal_as_written(&self, at: u32, v: i64) -> Option<String> {
        let pos = self.code.pos(at as usize)?;
        let rest = self.input.source_from(pos)?;
        let mut tokens = rest
            .split(|c| c.is_ascii_whitespace())
            .filter(|t| !t.is_empty())
            .map(|t| String::from_utf8_lossy(t).into_owned());
        let first = tokens.next()?;
        match first.to_ascii_lowercase().as_str() {
            "[char]" => {
                let next = tokens.next()?;
                (next.bytes().next()? as i64 == v).then(|| format!("[char] {next}"))
            }
            "c\"" => {
                // The counted string at v, if it is the text after `c" `.
                let text = self.input.quoted_at(pos, "c\"")?;
                let n = self.mem.byte(v).ok()? as i64;
                let stored = self.mem.slice(v + 1, n).ok()?;
                (stored == text).then(|| format!("c\" {}\"", String::from_utf8_lossy(text)))
            }
            "[']" => {
                let next = tokens.next()?;
                (Dictionary::lookup_view(&self.dict, &next)? as i64 == v)
                    .then(|| format!("['] {next}"))
            }
            _ => {
                let xt = Dictionary::lookup_view(&self.dict, &first)?;
                let same = match self.dict.words[xt as usize].kind {
                    Kind::Variable(a) | Kind::Create(a) => a as i64 == v,
                    Kind::Constant(c) => c == v,
                    _ => false,
                };
                same.then_some(first)
            }
        }
    }

    /// WORDS: the user's words first, then the built-ins by word set.
    pub(crate) fn words_text(&self) -> String {
        use std::collections::BTreeMap;
        let mut groups: BTreeMap<String, Vec<String>> = BTreeMap::new();
        let mut mine: Vec<String> = Vec::new();
        for name in self.visible_names() {
            let Some(xt) = Dictionary::lookup_view(&self.dict, &name) else {
                continue;
            };
            if name.starts_with('(') {
                continue;
            }
            if xt >= self.user_start {
                mine.push(name);
                continue;
            }
            let set = match self.dict.words[xt as usize].kind {
                Kind::Prim(i) => crate::words::spec_for(i).map_or("other", |s| s.set.name()),
                _ => "prelude (written in Forth)",
            };
            groups.entry(set.to_string()).or_default().push(name);
        }
        let mut out = String::new();
        let mut section = |title: &str, names: &[String]| {
            out.push_str(title);
            out.push_str(":\n");
            let mut col = 0;
            out.push_str("  ");
            for n in names {
                if col + n.len() > 74 {
                    out.push_str("\n  ");
                    col = 0;
                }
                col += n.len() + 1;
                out.push_str(n);
                out.push(' ');
            }
            out.push('\n');
        };
        if !mine.is_empty() {
            section("Your words", &mine);
        }
        for (set, names) in &groups {
            section(set, names);
        }
        out
    }

    /// The name of the colon word that starts at `start`.
    fn colon_name(&self, start: u32) -> String {
        self.dict
            .words
            .iter()
            .rev()
            .find(|w| w.kind == Kind::Colon(start) && !w.name.is_empty())
            .map_or_else(|| format!("<noname@{start}>"), |w| w.name.to_string())
    }

    fn body_name(&self, body: u32) -> String {
        self.dict
            .words
            .iter()
            .rev()
            .find(|w| w.body() == Some(body))
            .map_or_else(|| format!("<{body}>"), |w| w.name.to_string())
    }

    /// What SEE prints for a word.
    pub(crate) fn see_text(&self, xt: u32) -> String {
        let w = &self.dict.words[xt as usize];
        let name = &w.name;
        let imm = if w.immediate() { " immediate" } else { "" };
        match w.kind {
            Kind::Colon(start) => {
                let body = self.decompile(start, w.code_end.max(start));
                // What the code does, when the comment is missing or wrong.
                let known = &w.effects;
                let note = match (&w.effect, known.inferred) {
                    (None, Some(e)) => format!("  \\ inferred: {}", e.text()),
                    (Some(_), Some(e)) if known.calls.is_none() => {
                        format!("  \\ but its code is {}", e.text())
                    }
                    _ => String::new(),
                };
                match &w.effect {
                    Some(e) => format!(": {name} {e}  {body} ;{imm}{note}"),
                    None => format!(": {name}  {body} ;{imm}{note}"),
                }
            }
            Kind::Prim(i) => {
                let spec = crate::words::spec_for(i);
                let effect = spec.map_or("", |s| s.effect);
                format!("`{name}` is built in (written in Rust): {effect}{imm}")
            }
            Kind::Constant(v) => format!("{} constant {name}", signed(v as i128, self.base())),
            Kind::Variable(a) => {
                let v = self.mem.cell(a as i64).unwrap_or(0);
                format!("variable {name}  \\ holds {v}")
            }
            Kind::Create(_) => format!("create {name}"),
            Kind::Does { code, .. } => {
                let end = self
                    .dict
                    .word_at(code)
                    .map_or(code, |d| self.dict.words[d as usize].code_end);
                format!("create {name} does> {} ;", self.decompile(code, end))
            }
            Kind::Value(a) => format!("{} value {name}", self.mem.cell(a as i64).unwrap_or(0)),
            Kind::TwoValue(a) => {
                let (x2, x1) = (
                    self.mem.cell(a as i64).unwrap_or(0),
                    self.mem.cell(a as i64 + 8).unwrap_or(0),
                );
                format!("{x1} {x2} 2value {name}")
            }
            Kind::FValue(a) => {
                let r = f64::from_bits(self.mem.cell(a as i64).unwrap_or(0) as u64);
                format!("{} fvalue {name}", crate::words::float::literal_text(r))
            }
            Kind::Defer(a) => {
                let target = self.mem.cell(a as i64).unwrap_or(0);
                let t = usize::try_from(target)
                    .ok()
                    .and_then(|t| self.dict.words.get(t))
                    .map_or("?", |w| &w.name);
                format!("defer {name}  \\ is {t}")
            }
            Kind::Marker(_) => format!("marker {name}"),
            Kind::Forgotten => format!("\\ {name} was forgotten by a MARKER"),
        }
    }

    /// [IF] / [ELSE]: skip input up to the matching [ELSE] (if `stop_at_else`) or [THEN].
    fn skip_conditional(&mut self, stop_at_else: bool) -> Res<()> {
        let mut depth = 0usize;
        loop {
            let (a, n) = self.parse_name()?;
            if n == 0 {
                if !self.refill()? {
                    return Err(self.fail(IF_ELSE_THEN, "[IF] without [THEN]"));
                }
                continue;
            }
            let w = self.mem.string(a, n)?.to_ascii_lowercase();
            match w.as_str() {
                "[if]" => depth += 1,
                "[else]" if depth == 0 && stop_at_else => return Ok(()),
                "[then]" if depth == 0 => return Ok(()),
                "[then]" => depth -= 1,
                _ => {}
            }
        }
    }

    fn print(&mut self, s: &str) -> Res<()> {
        self.write_out(s.as_bytes())
    }
}

// ---- SEE of a colon definition: recover the structure, then print it ----

impl Forth {
    /// Decompile a colon definition's code into Forth source, in two steps:
    /// `recover` turns the instructions back into the words that were
    /// written (`Item`s), and `spell` prints them.
    pub(crate) fn decompile(&self, start: u32, end: u32) -> String {
        let items = self.recover(start, end);
        self.spell(&items)
    }

    /// Step 1, structure recovery: the words of the definition at
    /// `start..end`, in order. Branches become the control words that
    /// compiled them (IF ELSE THEN, BEGIN WHILE REPEAT UNTIL AGAIN, AHEAD,
    /// OF ENDOF), a string and the word that uses it become `s" …"`, `." …"`
    /// or `abort" …"`, and locals get their written names back.
    fn recover(&self, start: u32, end: u32) -> Vec<Item> {
        // SEE shows what was written: superinstructions as their parts.
        let code: Vec<Instr> = self.code.instrs()[start as usize..end as usize]
            .iter()
            .map(|i| i.unfused())
            .collect();
        let shape = Shape::of(start, &code);
        Recovery {
            forth: self,
            start,
            code,
            shape,
            locals: Vec::new(),
            joins: BTreeMap::new(),
            items: Vec::new(),
        }
        .run()
    }

    /// Step 2, printing: each item as Forth text, one space between them.
    fn spell(&self, items: &[Item]) -> String {
        let words: Vec<String> = items.iter().map(|item| self.spell_item(item)).collect();
        words.join(" ")
    }

    /// One item as Forth text: names looked up, numbers in the current BASE.
    fn spell_item(&self, item: &Item) -> String {
        match item {
            Item::Keyword(w) => w.to_string(),
            Item::Number(v) => signed(*v as i128, self.base()),
            Item::Source(text) => text.clone(),
            Item::Float(bits) => crate::words::float::literal_text(f64::from_bits(*bits as u64)),
            Item::Call(start) => self.colon_name(*start),
            Item::Xt(xt) => self
                .dict
                .words
                .get(*xt as usize)
                .map_or("?".into(), |w| w.name.to_string()),
            Item::Body(body) => self.body_name(*body),
            Item::Local(name) => name.clone(),
            Item::Str(opener, text) => format!("{opener} {text}\""),
            Item::Locals { args, vals: None } => format!("{{: {} :}}", args.join(" ")),
            Item::Locals {
                args,
                vals: Some(vals),
            } => format!("{{: {} | {} :}}", args.join(" "), vals.join(" ")),
            Item::Other(i) => self.instr_name(*i).unwrap_or_else(|| format!("{i:?}")),
        }
    }
}

/// One word of a decompiled definition, as structure recovery found it:
/// what printing needs to spell it.
#[derive(Clone, Debug)]
enum Item {
    /// A word spelled as it is: a control word (`if`, `begin`, `loop` …),
    /// `exit`, `does>`, or the `to`, `+to`, `postpone` before a name.
    Keyword(&'static str),
    /// A literal, printed in the current BASE.
    Number(i64),
    /// A literal as the source wrote it, when the source confirms the value:
    /// a variable's or constant's name, `['] name`, `[char] c`.
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
    Str(&'static str, String),
    /// A locals declaration `{: args | vals :}`; `vals` is `None` without `|`.
    Locals {
        args: Vec<String>,
        vals: Option<Vec<String>>,
    },
    /// Any other instruction: a built-in word, spelled by its name.
    Other(Instr),
}

/// Where the control words stand in a definition, found from its branches
/// alone:
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
    Some(match ins {
        Instr::Exit => "exit",
        Instr::Do => "do",
        Instr::QDo(_) => "?do",
        Instr::Loop(_) => "loop",
        Instr::PlusLoop(_) => "+loop",
        Instr::Leave(_) => "leave",
        Instr::Case => "case",
        Instr::EndCase => "endcase",
        Instr::Does(_) => "does>",
        _ => return None,
    })
}

/// The walk of structure recovery over a definition's instructions.
struct Recovery<'a> {
    forth: &'a Forth,
    /// The code address of `code[0]`.
    start: u32,
    code: Vec<Instr>,
    shape: Shape,
    /// The locals frame at this point of the walk, one name a cell,
    /// oldest first, with its type prefix (`d: x`, `d:hi x`, `f: x`, `c: x`).
    locals: Vec<String>,
    /// The locals frame a forward branch brings to its target: where the
    /// walk cannot fall through (after a jump), the frame is this one.
    joins: BTreeMap<u32, Vec<String>>,
    items: Vec<Item>,
}

impl Recovery<'_> {
    /// Every item of the definition, in order.
    fn run(mut self) -> Vec<Item> {
        let mut i = 0;
        while i < self.code.len() {
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
            self.items.extend(self.shape.words_before(a));
            i += match self.shape.words.get(&a) {
                Some(&w) => {
                    self.items.push(Item::Keyword(w));
                    1
                }
                None => self.instruction(i),
            };
        }
        let end = self.start + self.code.len() as u32;
        self.items.extend(self.shape.words_before(end));
        self.items
    }

    /// The items of the instruction at `i` (a branch aside); returns how
    /// many instructions they stand for.
    fn instruction(&mut self, i: usize) -> usize {
        let item = match self.code[i] {
            Instr::Lit(v) if self.code.get(i + 1) == Some(&Floating::FLit.instr()) => {
                self.items.push(Item::Float(v));
                return 2;
            }
            Instr::Lit(v) => self
                .forth
                .literal_as_written(self.start + i as u32, v)
                .map_or(Item::Number(v), Item::Source),
            Instr::Call(start) => Item::Call(start),
            // The final EXIT is the `;`; a LocalsExit goes without saying.
            Instr::Exit if i + 1 == self.code.len() => return 1,
            Instr::LocalsExit(n) => {
                // Before EXIT or LEAVE the frame goes on in the code that follows.
                if !matches!(self.code.get(i + 1), Some(Instr::Exit | Instr::Leave(_))) {
                    let keep = self.locals.len().saturating_sub(n as usize);
                    self.locals.truncate(keep);
                }
                return 1;
            }
            Instr::Str(addr, len) => return self.string(i, addr, len),
            Instr::Word(xt) => Item::Xt(xt),
            Instr::Value(body) | Instr::Defer(body) => Item::Body(body),
            Instr::LocalsEnter(args, vals) => return self.declare_locals(i, args, vals),
            Instr::LocalFetch(n) => return self.local_fetch(i, n),
            Instr::LocalStore(n) => {
                self.items.push(Item::Keyword("to"));
                let double = self.kind(n) == "d:hi"
                    && self.code.get(i + 1) == Some(&Instr::LocalStore(n + 1));
                if double {
                    self.items.push(self.local(n + 1));
                    return 2;
                }
                self.local(n)
            }
            x if x == Floating::FToBits.instr()
                && let Some(&Instr::LocalStore(n)) = self.code.get(i + 1)
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
            other => keyword(other).map_or(Item::Other(other), Item::Keyword),
        };
        self.items.push(item);
        1
    }

    /// A string literal at `i`, with the word after it if that prints or
    /// aborts with it (`."`, `abort"`); returns how many instructions.
    fn string(&mut self, i: usize, addr: u32, len: u32) -> usize {
        let mem = &self.forth.mem;
        let text = mem.string(addr as i64, len as i64).unwrap_or_default();
        let (opener, used) = match self.code.get(i + 1) {
            Some(&x) if x == Text::DotQuoteRun.instr() => (".\"", 2),
            Some(&x) if x == Text::AbortIf.instr() => ("abort\"", 2),
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
        while self.code.get(i + used) == Some(&Floating::FToBits.instr())
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
            "f:" if next(1) == Some(Floating::FLit.instr()) => 2,
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

primitives! {
    /// Programmer's tools.
    enum Tools;
    base = super::TOOLS_BASE;

    DebugHere "~~" "( -- )" Gforth Immediate "Debugging: print where it is (file and line) and the stack, on stderr, each time it runs." |f| {
        let pos = f.input.token_pos();
        let place = f.input.location(pos).map_or_else(|| "<here>:".to_string(), |l| format!("{}:{}:", l.file, l.line));
        if f.compiling() {
            f.compile_string(place.as_bytes())?;
            f.emit(Tools::DebugRun.instr())
        } else {
            f.debug_here(&place)
        }
    }
    DebugRun "(~~)" "( c-addr u -- )" Playforth Plain "The run-time of ~~: print the place and the stack on stderr." |f| {
        let place = f.pop_string()?;
        f.debug_here(&place)
    }
    AssertRun "(assert)" "( flag -- )" Playforth Plain "The run-time of ASSERT( ... ): abort (throw -2) if flag is false." |f| {
        if !f.pop_bool()? {
            return Err(f.fail(ABORT_QUOTE, "failed assertion"));
        }
        Ok(())
    }
    DotS ".s" "( -- )" Tools Plain "Show the stack without changing it: <depth> then the cells, top last; then the floating-point stack after F: if it is not empty." |f| {
        let s = f.stack_text();
        f.print(&s)
    }
    Question "?" "( a-addr -- )" Tools Plain "Print the cell at an address." |f| {
        let a = f.pop()?;
        let v = f.mem.cell(a)?;
        let s = format!("{} ", signed(v as i128, f.base()));
        f.print(&s)
    }
    Dump "dump" "( addr u -- )" Tools Plain "Show u bytes of memory in hex and as text." |f| {
        let u = f.pop_len()?;
        let a = f.pop()?;
        f.mem.slice(a, u)?;
        // A page of lines at a time, so a huge range neither fills memory
        // nor outlasts Ctrl-C.
        const PAGE: i64 = 16 * 64;
        let mut at = a;
        while at < a + u {
            let n = PAGE.min(a + u - at);
            let mut s = String::new();
            for (k, chunk) in f.mem.slice(at, n)?.chunks(16).enumerate() {
                let _ = write!(s, "\n{:X}: ", at + 16 * k as i64);
                for b in chunk {
                    let _ = write!(s, "{b:02X} ");
                }
                s.push_str(&"   ".repeat(16 - chunk.len()));
                s.extend(chunk.iter().map(|&b| if (32..127).contains(&b) { b as char } else { '.' }));
            }
            f.print(&s)?;
            at += n;
            if crate::io::interrupted() {
                return Err(USER_INTERRUPT);
            }
        }
        f.print("\n")
    }
    See "see" "( \"name\" -- )" Tools Plain "Show the definition of a word." |f| {
        let xt = f.parse_find()?;
        let s = f.see_text(xt);
        f.print(&format!("{s}\n"))
    }
    Words "words" "( -- )" Tools Plain "List the words you can use: your own first, then the built-in ones by word set." |f| {
        let s = f.words_text();
        f.print(&s)
    }
    Help "help" "( \"name\" -- )" Playforth Plain "Explain a word: stack effect, what it does, word set, an example. `help` alone: how to start." |f| {
        let (a, n) = f.parse_name()?;
        let name = if n == 0 { None } else { Some(f.mem.string(a, n)?) };
        let s = f.help_text(name.as_deref());
        f.print(&s)
    }
    Trace "trace" "( \"name\" -- )" Playforth Plain "Watch a word: each time it runs, every step prints with the stack after it, indented by call depth. Example: : square dup * ;  trace square  3 square .  \\ (each step of square with its stack, then 9)" |f| {
        let xt = f.parse_find()?;
        f.trace_xt(xt, true)
    }
    Untrace "untrace" "( \"name\" -- )" Playforth Plain "Stop watching a word. Example: : square dup * ;  trace square  untrace square  3 square .  \\ 9" |f| {
        let xt = f.parse_find()?;
        f.trace_xt(xt, false)
    }
    ShowStack "show-stack" "( flag -- )" Playforth Plain "Whether the REPL shows the stack after ` ok` (it does at first). Example: false show-stack" |f| {
        f.show_stack = f.pop_bool()?;
        Ok(())
    }
    Order "order" "( -- )" Search Plain "Show the search order, first-searched first, then the current word list." |f| {
        let name = |f: &Forth, w: u32| f.dict.wordlists.get(w as usize)
            .and_then(|l| l.name.clone()).unwrap_or_else(|| format!("wordlist{w}"));
        let mut s: Vec<String> = f.dict.order.iter().rev().map(|&w| name(f, w)).collect();
        s.push(format!(" {}", name(f, f.dict.current)));
        let line = format!("{}\n", s.join(" "));
        f.print(&line)
    }
    Bye "bye" "( -- )" Tools Plain "Leave playforth." |f| {
        let _ = f.out.flush();
        f.bye = Some(0);
        Err(BYE)
    }
    BracketIf "[if]" "( flag -- )" Tools Immediate "Interpret the following text only if flag is true (up to [ELSE] or [THEN])." |f| {
        if f.pop_bool()? { Ok(()) } else { f.skip_conditional(true) }
    }
    BracketElse "[else]" "( -- )" Tools Immediate "Skip to the matching [THEN]." |f| { f.skip_conditional(false) }
    BracketThen "[then]" "( -- )" Tools Immediate "End an [IF]." |f| { Ok(()) }
    BracketDefined "[defined]" "( \"name\" -- flag )" Tools Immediate "True if name is defined." |f| {
        let name = f.parse_word_name()?;
        let found = f.dict.find(&name).is_some();
        f.push_bool(found)
    }
    BracketUndefined "[undefined]" "( \"name\" -- flag )" Tools Immediate "True if name is not defined." |f| {
        let name = f.parse_word_name()?;
        let found = f.dict.find(&name).is_some();
        f.push_bool(!found)
    }
}
