//! Programmer's tools: looking at the stacks, memory and definitions
//! (.S ? DUMP SEE WORDS), conditional compilation, and BYE.

use super::primitives;
use crate::dictionary::{Dictionary, Kind};
use crate::error::*;
use crate::instr::Instr;
use crate::vm::Forth;
use crate::words::text::{Text, signed};
use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::io::Write;

impl Forth {
    /// The stack as `.S` shows it: `<depth> a b c `.
    pub fn stack_text(&self) -> String {
        let base = self.base();
        let mut s = format!("<{}> ", self.sp);
        for &x in self.stack() {
            let _ = write!(s, "{} ", signed(x as i128, base));
        }
        s
    }

    /// WORDS: the user's words first, then the built-ins by word set.
    pub fn words_text(&self) -> String {
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

    /// Decompile a colon definition's code into Forth source.
    pub fn decompile(&self, start: u32, end: u32) -> String {
        // SEE shows what was written: superinstructions as their parts.
        let code: Vec<Instr> = self.code[start as usize..end as usize]
            .iter()
            .map(|i| i.unfused())
            .collect();
        let code = &code[..];
        let at = |a: u32| code.get((a - start) as usize).copied();
        // Where BEGINs stand, and the words that close forward branches.
        let mut begins = BTreeSet::new();
        let mut closers: BTreeMap<u32, Vec<&str>> = BTreeMap::new();
        let mut words: BTreeMap<u32, &str> = BTreeMap::new();
        for (i, ins) in code.iter().enumerate() {
            let a = start + i as u32;
            match *ins {
                Instr::Branch(t) | Instr::ZBranch(t) if t <= a => {
                    begins.insert(t);
                    let w = if matches!(ins, Instr::ZBranch(_)) {
                        "until"
                    } else {
                        "again"
                    };
                    words.entry(a).or_insert(w);
                }
                Instr::ZBranch(t) => match t.checked_sub(1).and_then(at) {
                    Some(Instr::Branch(back)) if back <= a => {
                        words.insert(a, "while");
                        words.insert(t - 1, "repeat");
                    }
                    Some(Instr::Branch(fwd)) if fwd > t => {
                        words.insert(a, "if");
                        words.insert(t - 1, "else");
                        closers.entry(fwd).or_default().push("then");
                    }
                    _ => {
                        words.insert(a, "if");
                        closers.entry(t).or_default().push("then");
                    }
                },
                Instr::Of(t) => {
                    words.insert(a, "of");
                    if let Some(Instr::Branch(_)) = t.checked_sub(1).and_then(at) {
                        words.insert(t - 1, "endof");
                    }
                }
                Instr::Branch(t) => {
                    words.entry(a).or_insert("ahead");
                    if words.get(&a) == Some(&"ahead") {
                        closers.entry(t).or_default().push("then");
                    }
                }
                _ => {}
            }
        }
        let mut out: Vec<String> = Vec::new();
        let mut locals: Vec<String> = Vec::new();
        let local_name = |names: &[String], n: u16| {
            names
                .len()
                .checked_sub(1 + n as usize)
                .and_then(|i| names.get(i))
                .cloned()
                .unwrap_or_else(|| format!("local#{n}"))
        };
        let mut i = 0usize;
        while i < code.len() {
            let a = start + i as u32;
            if let Some(c) = closers.get(&a) {
                out.extend(c.iter().map(|s| s.to_string()));
            }
            if begins.contains(&a) {
                out.push("begin".into());
            }
            if let Some(w) = words.get(&a) {
                out.push(w.to_string());
                i += 1;
                continue;
            }
            let next = code.get(i + 1).copied();
            let tok = match code[i] {
                Instr::Lit(v) => signed(v as i128, self.base()),
                Instr::Call(s) => self.colon_name(s),
                Instr::Exit if i + 1 == code.len() => {
                    i += 1;
                    continue;
                }
                Instr::Exit => "exit".into(),
                Instr::Do => "do".into(),
                Instr::Case => "case".into(),
                Instr::EndCase => "endcase".into(),
                Instr::QDo(_) => "?do".into(),
                Instr::Loop(_) => "loop".into(),
                Instr::PlusLoop(_) => "+loop".into(),
                Instr::Leave(_) => "leave".into(),
                Instr::Str(a, n) => {
                    let s = self.mem.string(a as i64, n as i64).unwrap_or_default();
                    match next {
                        Some(x) if x == Text::DotQuoteRun.instr() => {
                            i += 1;
                            format!(".\" {s}\"")
                        }
                        Some(x) if x == Text::AbortIf.instr() => {
                            i += 1;
                            format!("abort\" {s}\"")
                        }
                        _ => format!("s\" {s}\""),
                    }
                }
                Instr::Word(xt) => self
                    .dict
                    .words
                    .get(xt as usize)
                    .map_or("?".into(), |w| w.name.to_string()),
                Instr::Value(b) | Instr::Defer(b) => self.body_name(b),
                Instr::Does(_) => "does>".into(),
                Instr::LocalsEnter(args, vals) => {
                    let (args, vals) = (args as usize, vals as usize);
                    locals = self.local_names.get(&a).cloned().unwrap_or_else(|| {
                        (0..args)
                            .map(|k| format!("a{k}"))
                            .chain((0..vals).map(|k| format!("v{k}")))
                            .collect()
                    });
                    let (x, y) = locals.split_at(args.min(locals.len()));
                    if vals > 0 {
                        format!("{{: {} | {} :}}", x.join(" "), y.join(" "))
                    } else {
                        format!("{{: {} :}}", x.join(" "))
                    }
                }
                Instr::LocalFetch(n) => local_name(&locals, n),
                Instr::LocalStore(n) => format!("to {}", local_name(&locals, n)),
                Instr::LocalAdd(n) => format!("+to {}", local_name(&locals, n)),
                Instr::LocalsExit(_) => {
                    i += 1;
                    continue;
                }
                Instr::CompileXt(xt) => {
                    format!(
                        "postpone {}",
                        self.dict.words.get(xt as usize).map_or("?", |w| &w.name)
                    )
                }
                other => self
                    .instr_name(other)
                    .unwrap_or_else(|| format!("{other:?}")),
            };
            out.push(tok);
            i += 1;
        }
        if let Some(c) = closers.get(&end) {
            out.extend(c.iter().map(|s| s.to_string()));
        }
        out.join(" ")
    }

    /// What SEE prints for a word.
    pub fn see_text(&self, xt: u32) -> String {
        let w = &self.dict.words[xt as usize];
        let name = &w.name;
        let imm = if w.immediate() { " immediate" } else { "" };
        match w.kind {
            Kind::Colon(start) => {
                let body = self.decompile(start, w.code_end.max(start));
                match &w.effect {
                    Some(e) => format!(": {name} {e}  {body} ;{imm}"),
                    None => format!(": {name}  {body} ;{imm}"),
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

primitives! {
    /// Programmer's tools.
    enum Tools;
    base = super::TOOLS_BASE;

    DotS ".s" "( -- )" Tools "" "Show the stack without changing it: <depth> then the cells, top last." |f| {
        let s = f.stack_text();
        f.print(&s)
    }
    Question "?" "( a-addr -- )" Tools "" "Print the cell at an address." |f| {
        let a = f.pop()?;
        let v = f.mem.cell(a)?;
        let s = format!("{} ", signed(v as i128, f.base()));
        f.print(&s)
    }
    Dump "dump" "( addr u -- )" Tools "" "Show u bytes of memory in hex and as text." |f| {
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
    See "see" "( \"name\" -- )" Tools "" "Show the definition of a word." |f| {
        let xt = f.parse_find()?;
        let s = f.see_text(xt);
        f.print(&format!("{s}\n"))
    }
    Words "words" "( -- )" Tools "" "List the words you can use: your own first, then the built-in ones by word set." |f| {
        let s = f.words_text();
        f.print(&s)
    }
    Help "help" "( \"name\" -- )" Playforth "" "Explain a word: stack effect, what it does, word set, an example. `help` alone: how to start." |f| {
        let (a, n) = f.parse_name()?;
        let name = if n == 0 { None } else { Some(f.mem.string(a, n)?) };
        let s = f.help_text(name.as_deref());
        f.print(&s)
    }
    Trace "trace" "( \"name\" -- )" Playforth "" "Watch a word: each time it runs, every step prints with the stack after it, indented by call depth. Example: : square dup * ;  trace square  3 square .  \\ (each step of square with its stack, then 9)" |f| {
        let xt = f.parse_find()?;
        f.trace_xt(xt, true)
    }
    Untrace "untrace" "( \"name\" -- )" Playforth "" "Stop watching a word. Example: : square dup * ;  trace square  untrace square  3 square .  \\ 9" |f| {
        let xt = f.parse_find()?;
        f.trace_xt(xt, false)
    }
    ShowStack "show-stack" "( flag -- )" Playforth "" "Whether the REPL shows the stack after ` ok` (it does at first). Example: false show-stack" |f| {
        f.show_stack = f.pop_bool()?;
        Ok(())
    }
    Order "order" "( -- )" Search "" "Show the search order, first-searched first, then the current word list." |f| {
        let name = |f: &Forth, w: u32| f.dict.wordlists.get(w as usize)
            .and_then(|l| l.name.clone()).unwrap_or_else(|| format!("wordlist{w}"));
        let mut s: Vec<String> = f.dict.order.iter().rev().map(|&w| name(f, w)).collect();
        s.push(format!(" {}", name(f, f.dict.current)));
        let line = format!("{}\n", s.join(" "));
        f.print(&line)
    }
    Bye "bye" "( -- )" Tools "" "Leave playforth." |f| {
        let _ = f.out.flush();
        f.bye = Some(0);
        Err(BYE)
    }
    BracketIf "[if]" "( flag -- )" Tools "I" "Interpret the following text only if flag is true (up to [ELSE] or [THEN])." |f| {
        if f.pop_bool()? { Ok(()) } else { f.skip_conditional(true) }
    }
    BracketElse "[else]" "( -- )" Tools "I" "Skip to the matching [THEN]." |f| { f.skip_conditional(false) }
    BracketThen "[then]" "( -- )" Tools "I" "End an [IF]." |f| { Ok(()) }
    BracketDefined "[defined]" "( \"name\" -- flag )" Tools "I" "True if name is defined." |f| {
        let name = f.parse_word_name()?;
        let found = f.dict.find(&name).is_some();
        f.push_bool(found)
    }
    BracketUndefined "[undefined]" "( \"name\" -- flag )" Tools "I" "True if name is not defined." |f| {
        let name = f.parse_word_name()?;
        let found = f.dict.find(&name).is_some();
        f.push_bool(!found)
    }
}
