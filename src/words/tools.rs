//! Programmer's tools: looking at the stacks, memory and definitions
//! (.S ? DUMP SEE WORDS; SEE's decompiler is `see.rs`), conditional
//! compilation, and BYE.

use super::spec::primitives;
use crate::dictionary::{Dictionary, Kind};
use crate::error::*;
use crate::kernel::Forth;
use crate::teach;
use crate::words::float;
use crate::words::sys;
use crate::words::text::{self, signed};
use std::fmt::Write as _;
use std::io::Write;

/// What `~~` prints: where, and the stack.
fn debug_here(f: &mut Forth, place: &str) -> Res<()> {
    let _ = f.host.out.flush();
    let line = format!("{place} {}\n", stack_text(f).trim_end());
    let _ = f.host.diag.write_all(line.as_bytes());
    Ok(())
}

/// The stack as `.S` shows it: `<depth> a b c `.
pub(crate) fn stack_text(f: &Forth) -> String {
    stack_text_top(f, usize::MAX)
}

/// The stack as `.S` shows it, but only its top `k` cells (after `…`
/// when there are more): the REPL's view after ` ok`.
pub(crate) fn stack_text_top(f: &Forth, k: usize) -> String {
    let base = f.base();
    let stack = f.stack();
    if f.prefs.stack_boxes && !stack.is_empty() {
        return stack_boxes_top(f, k);
    }
    let mut s = format!("<{}> ", stack.len());
    if stack.len() > k {
        s.push_str("… ");
    }
    for &x in &stack[stack.len().saturating_sub(k)..] {
        let _ = write!(s, "{} ", signed(x as i128, base));
    }
    s.push_str(&float::fstack_text(f));
    s
}

/// The stack as a row of boxed cells, the top on the right (the top `k`
/// cells, after a `…` cell when there are more), under its depth:
///
/// ```text
/// <3>
/// ┌───┬───┬────┐
/// │ 1 │ 2 │ 30 │
/// └───┴───┴────┘
/// ```
fn stack_boxes_top(f: &Forth, k: usize) -> String {
    let base = f.base();
    let stack = f.stack();
    let mut cells: Vec<String> = Vec::new();
    if stack.len() > k {
        cells.push("…".to_string());
    }
    for &x in &stack[stack.len().saturating_sub(k)..] {
        cells.push(signed(x as i128, base));
    }
    let widths: Vec<usize> = cells.iter().map(|c| c.chars().count() + 2).collect();
    let rule = |left: &str, mid: &str, right: &str| {
        let parts: Vec<String> = widths.iter().map(|&w| "─".repeat(w)).collect();
        format!("{left}{}{right}", parts.join(mid))
    };
    let row: Vec<String> = cells.iter().map(|c| format!(" {c} ")).collect();
    let mut s = format!("<{}>\n", stack.len());
    s.push_str(&rule("┌", "┬", "┐"));
    s.push_str(&format!("\n│{}│\n", row.join("│")));
    s.push_str(&rule("└", "┴", "┘"));
    s.push('\n');
    s.push_str(&float::fstack_text(f));
    s
}

/// WORDS: the user's words first, then the built-ins by word set.
pub(crate) fn words_text(f: &Forth, which: Option<&str>) -> String {
    use std::collections::BTreeMap;
    let mut groups: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let mut mine: Vec<String> = Vec::new();
    for name in teach::visible_names(f) {
        let Some(xt) = Dictionary::lookup_view(&f.vm.dict, &name) else {
            continue;
        };
        // Run-time parts of other words, like `(.")`; but `(` and
        // `(local)` are standard words.
        if name.starts_with('(') && name != "(" && name != "(local)" {
            continue;
        }
        if xt >= f.vm.dict.user_start() {
            mine.push(name);
            continue;
        }
        let set = match f.vm.dict.words()[xt as usize].kind {
            Kind::Prim(i) => crate::words::core::spec_for(i).map_or("other", |s| s.set.name()),
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
    match which {
        Some("all") => {
            if !mine.is_empty() {
                section("Your words", &mine);
            }
            for (set, names) in &groups {
                section(set, names);
            }
        }
        Some(key) => {
            for (set, names) in groups.iter().filter(|(set, _)| set_key(set) == key) {
                section(set, names);
            }
        }
        None => {
            if mine.is_empty() {
                out.push_str("Your words: none yet (define one with `: name ... ;`)\n");
            } else {
                section("Your words", &mine);
            }
            let total: usize = groups.values().map(Vec::len).sum();
            out.push_str(&format!(
                "Built in: {total} words. `words all` lists them all, `words SET` one set:\n "
            ));
            let mut col = 1;
            for (set, names) in &groups {
                let item = format!(" {} ({})", set_key(set), names.len());
                if col + item.len() > 76 {
                    out.push_str("\n ");
                    col = 1;
                }
                col += item.len();
                out.push_str(&item);
            }
            out.push('\n');
        }
    }
    out
}

/// WORDS: list the user's words and a summary of the built-in ones, or
/// (followed by `all` or a word set's name, which it then takes from
/// the input) every word or one set.
fn words_word(f: &mut Forth) -> Res<()> {
    let which = crate::parse::take_name_if(f, |next| {
        next == "all"
            || crate::words::spec::WordSet::ALL
                .iter()
                .any(|s| set_key(s.name()) == next)
            || next == set_key("prelude (written in Forth)")
    })?;
    let s = words_text(f, which.as_deref());
    print(f, &s)
}

/// [IF] / [ELSE]: skip input up to the matching [ELSE] (if `stop_at_else`) or [THEN].
fn skip_conditional(f: &mut Forth, stop_at_else: bool) -> Res<()> {
    let mut depth = 0usize;
    loop {
        let (a, n) = crate::parse::parse_name(f)?;
        if n == 0 {
            if !crate::parse::refill(f)? {
                return Err(f.fail(IF_ELSE_THEN, "[IF] without [THEN]"));
            }
            continue;
        }
        let w = f.vm.mem.string(a, n)?.to_ascii_lowercase();
        match w.as_str() {
            "[if]" | "[ifdef]" | "[ifundef]" => depth += 1,
            "[else]" if depth == 0 && stop_at_else => return Ok(()),
            "[then]" if depth == 0 => return Ok(()),
            "[then]" => depth -= 1,
            _ => {}
        }
    }
}

fn print(f: &mut Forth, s: &str) -> Res<()> {
    crate::words::io::write_out(f, s.as_bytes())
}

primitives! {
    /// Programmer's tools.
    enum Tools;
    base = super::spec::TOOLS_BASE;

    DebugHere "~~" "( -- )" Gforth Immediate "Debugging: print where it is (file and line) and the stack, on stderr, each time it runs." |f| {
        let pos = f.input.token_pos();
        let place = f.input.location(pos).map_or_else(|| "<here>:".to_string(), |l| format!("{}:{}:", l.file, l.line));
        if f.compiling() {
            crate::words::text::compile_string(f, place.as_bytes())?;
            crate::compiler::emit(f, Tools::DebugRun.instr())
        } else {
            debug_here(f, &place)
        }
    }
    DebugRun "(~~)" "( c-addr u -- )" Playforth Plain "The run-time of ~~: print the place and the stack on stderr." |f| {
        let place = f.pop_string()?;
        debug_here(f, &place)
    }
    AssertRun "(assert)" "( flag -- )" Playforth Plain "The run-time of ASSERT( ... ): abort (throw -2) if flag is false." |f| {
        if !f.pop_bool()? {
            return Err(f.fail(ABORT_QUOTE, "failed assertion"));
        }
        Ok(())
    }
    DotS ".s" "( -- )" Tools Plain "Show the stack without changing it: <depth> then the cells, top last; then the floating-point stack after F: if it is not empty." example "1 2 3 .s  \\ <3> 1 2 3" |f| {
        text::output_base(f)?;
        let s = stack_text(f);
        print(f, &s)
    }
    Question "?" "( a-addr -- )" Tools Plain "Print the cell at an address." example "variable x 42 x !  x ?  \\ 42" |f| {
        let a = f.pop()?;
        let v = f.vm.mem.cell(a)?;
        let s = format!("{} ", signed(v as i128, text::output_base(f)?));
        print(f, &s)
    }
    Dump "dump" "( addr u -- )" Tools Plain "Show u bytes of memory in hex and as text." example "s\" Forth\" dump  \\ (the address, then the bytes in hex and as text)" |f| {
        let u = f.pop_range_len()?;
        let a = f.pop()?;
        f.vm.mem.slice(a, u)?;
        // A page of lines at a time, so a huge range neither fills memory
        // nor outlasts Ctrl-C.
        const PAGE: i64 = 16 * 64;
        let mut at = a;
        while at < a + u {
            let n = PAGE.min(a + u - at);
            let mut s = String::new();
            for (k, chunk) in f.vm.mem.slice(at, n)?.chunks(16).enumerate() {
                let _ = write!(s, "\n{:X}: ", at + 16 * k as i64);
                for b in chunk {
                    let _ = write!(s, "{b:02X} ");
                }
                s.push_str(&"   ".repeat(16 - chunk.len()));
                s.extend(chunk.iter().map(|&b| if (32..127).contains(&b) { b as char } else { '.' }));
            }
            print(f, &s)?;
            at += n;
            if f.host.interrupt.take() {
                return Err(USER_INTERRUPT);
            }
        }
        print(f, "\n")
    }
    See "see" "( \"name\" -- )" Tools Plain "Show the definition of a word." example ": square ( n -- n*n ) dup * ;  see square  \\ : square ( n -- n*n ) dup * ;" |f| {
        let xt = sys::parse_find(f)?;
        let s = crate::see::see_text(f, xt);
        print(f, &format!("{s}\n"))
    }
    Clear "clear" "( i*x -- )" Playforth Plain "Empty the data stack and the floating-point stack: a fresh start (gforth's clearstack empties the data stack only)." |f| {
        f.vm.stacks.clear_data();
        f.vm.stacks.clear_floats();
        Ok(())
    }
    Words "words" "( -- )" Tools Plain "List your words, then how many words each built-in word set has. `words all` lists every word, `words games` (or another set's name) one set." example "words  \\ (every word, by word set)" |f| {
        words_word(f)
    }
    Help "help" "( \"name\" -- )" Playforth Plain "Explain a word: stack effect, what it does, word set, an example. `help` alone: how to start." example "help dup  \\ (this text, for dup)" |f| {
        let (a, n) = crate::parse::parse_name(f)?;
        let name = if n == 0 { None } else { Some(f.vm.mem.string(a, n)?) };
        let s = teach::help_text(f, name.as_deref());
        print(f, &s)
    }
    Effects "effects" "( \"name\" -- )" Playforth Plain "List what the stack-comment check found in the file name (loaded with include or require): the comments that disagree with their code, those it cannot read exactly, which are not checked, and those whose code's effect cannot be known. `effects` alone: every file loaded." example "require random.fs  effects random.fs  \\ <built-in random.fs>: 2 of 2 stack comments fit their code" |f| {
        let (a, n) = crate::parse::parse_name(f)?;
        let name = if n == 0 { None } else { Some(f.vm.mem.string(a, n)?) };
        let file = name.as_deref().map(|n| {
            let canon = std::fs::canonicalize(crate::interp::resolve_path(f, n)).ok();
            (n, canon)
        });
        let s = crate::compiler::effects_listing(f, file);
        print(f, &s)
    }
    Trace "trace" "( \"name\" -- )" Playforth Plain "Watch a word: each time it runs, every step prints with the stack after it, indented by call depth." example ": square dup * ;  trace square  3 square .  \\ (each step of square with its stack, then 9)" |f| {
        let xt = sys::parse_find(f)?;
        f.trace_xt(xt, true)
    }
    Untrace "untrace" "( \"name\" -- )" Playforth Plain "Stop watching a word; `untrace` alone stops watching every word." example ": square dup * ;  trace square  untrace square  3 square .  \\ 9" |f| {
        if crate::parse::take_name_if(f, str::is_empty)?.is_some() {
            f.trace.traced.clear();
            f.trace.trace_names.clear();
            return Ok(());
        }
        let xt = sys::parse_find(f)?;
        f.trace_xt(xt, false)
    }
    ShowStack "show-stack" "( flag -- )" Playforth Plain "Whether the REPL shows the stack after ` ok` (it does at first). `show-stack boxes` draws it, and what .s shows, as a row of boxed cells, for the first lessons; `show-stack numbers` goes back to numbers in a line; `show-stack off` and `show-stack on` say it in words." example "false show-stack" |f| {
        let keyword = |w: &str| ["boxes", "numbers", "on", "off"].contains(&w);
        match crate::parse::take_name_if(f, keyword)?.as_deref() {
            Some("boxes") => (f.prefs.show_stack, f.prefs.stack_boxes) = (true, true),
            Some("off") => f.prefs.show_stack = false,
            Some("on") => f.prefs.show_stack = true,
            Some(_) => (f.prefs.show_stack, f.prefs.stack_boxes) = (true, false),
            None => f.prefs.show_stack = f.pop_bool()?,
        }
        Ok(())
    }
    Order "order" "( -- )" Search Plain "Show the search order, first-searched first, then the current word list." example "order  \\ forth forth games root  forth (the search order, then where new words go)" |f| {
        let name = |f: &Forth, w: u32| f.vm.dict.wordlists().get(w as usize)
            .and_then(|l| l.name.clone()).unwrap_or_else(|| format!("wordlist{w}"));
        let mut s: Vec<String> = f.vm.dict.order().iter().rev().map(|&w| name(f, w)).collect();
        let current = f.current()?;
        s.push(format!(" {}", name(f, current)));
        let line = format!("{}\n", s.join(" "));
        print(f, &line)
    }
    Bye "bye" "( -- )" Tools Plain "Leave playforth." example "bye" |f| {
        let _ = f.host.out.flush();
        f.bye = Some(0);
        Err(BYE)
    }
    ParenBye "(bye)" "( n -- )" Gforth Plain "Leave playforth with exit status n (its low 8 bits; 0 is success), as a failing script does with 2 (bye)." |f| {
        let n = f.pop()?;
        let _ = f.host.out.flush();
        f.bye = Some((n & 255) as i32);
        Err(BYE)
    }
    BracketIf "[if]" "( flag -- )" Tools Immediate "Interpret the following text only if flag is true (up to [ELSE] or [THEN])." example "1 [if] .\" yes\" [else] .\" no\" [then]  \\ yes" |f| {
        if f.pop_bool()? { Ok(()) } else { skip_conditional(f, true) }
    }
    BracketElse "[else]" "( -- )" Tools Immediate "Skip to the matching [THEN]." example "0 [if] .\" yes\" [else] .\" no\" [then]  \\ no" |f| { skip_conditional(f, false) }
    BracketThen "[then]" "( -- )" Tools Immediate "End an [IF]." example "1 [if] .\" yes\" [then]  \\ yes" |f| { Ok(()) }
    BracketDefined "[defined]" "( \"name\" -- flag )" Tools Immediate "True if name is defined." example "[defined] dup .  \\ -1" |f| {
        let name = crate::parse::parse_word_name(f)?;
        let found = f.vm.dict.find(&name).is_some();
        f.push_bool(found)
    }
    BracketUndefined "[undefined]" "( \"name\" -- flag )" Tools Immediate "True if name is not defined." example "[undefined] frob .  \\ -1" |f| {
        let name = crate::parse::parse_word_name(f)?;
        let found = f.vm.dict.find(&name).is_some();
        f.push_bool(!found)
    }
}

/// A word set's name as typed after WORDS: `core-ext`, `games`, `prelude`.
fn set_key(set: &str) -> String {
    let first = set.split(" (").next().unwrap_or(set);
    first.to_ascii_lowercase().replace(' ', "-")
}
