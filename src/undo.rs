//! `undo` at the prompt: take back the last line typed, and say what came
//! back.
//!
//! When the prompt keeps lines (`Forth::keep_undo`: the REPL and the case
//! files' transcripts, not scripts or pipes), the state of the system is
//! copied before each line runs ([`before_line`]): the data, return and
//! floating-point stacks, data space (system variables such as BASE and
//! STATE, PAD, the dictionary's space, the heap and its blocks), the code
//! space, the dictionary (headers, word lists, search order, CURRENT,
//! MARKERs), an open definition, the preferences, TRACE's list, the
//! strings kept, REPLACES, EXCEPTION's codes, the arguments, the random
//! generator and the turtle's drawing (a host watching it sees the list
//! replaced: `Drawing::generation` grows). `undo` alone on a line puts the newest copy back.
//!
//! Not taken back: output already printed, files written or created (a
//! line that did either says so when undone), open files, the text kept
//! for error messages, the pictured-output buffer and the line buffers
//! (scratch), the course's progress (but an undone line is dropped
//! from what `check` replays), and the board picture a game published
//! (like output, it is what a page has already drawn).
//!
//! A line that changed nothing (`.s`, `help dup`, `words`) is no step of
//! its own: it goes back with the line before it. A line that failed is a
//! step like any other — the error emptied the stacks, and `undo` brings
//! them back.
//!
//! Bounds: at most `UndoLog::MAX_LINES` lines and `UndoLog::MAX_BYTES`
//! bytes in all (the oldest go first). The copies are cut into chunks
//! shared with the copy before wherever nothing changed (`snapshot.rs`),
//! so a line costs what it changed plus a table of pointers. Nothing is
//! done while a program runs: the inner interpreter never sees any of it.

use crate::dictionary::Kind;
use crate::kernel::{Forth, Saved, UndoEntry, UndoLog};
use crate::snapshot;

/// Keep the lines typed at the prompt for `undo`, or stop keeping them.
pub(crate) fn keep(f: &mut Forth, on: bool) {
    f.undo = on.then(|| {
        Box::new(UndoLog {
            dict_top: f.vm.here,
            ..Default::default()
        })
    });
}

/// Whether `text` is `undo` on its own, meaning the built-in word, outside
/// a definition.
fn is_undo(f: &mut Forth, text: &str) -> bool {
    if !text.trim().eq_ignore_ascii_case("undo") || f.in_definition() {
        return false;
    }
    let undo = crate::words::course::Course::Undo.instr();
    f.vm.dict
        .find("undo")
        .and_then(|xt| f.vm.dict.words().get(xt as usize))
        .is_some_and(|w| w.kind == Kind::Prim(undo))
}

/// Before a line typed at the prompt runs. True when the line was `undo`
/// and has been done (the caller runs nothing); otherwise the state is
/// kept and the caller runs the line, then calls [`after_line`].
pub(crate) fn before_line(f: &mut Forth, text: &str) -> bool {
    if f.undo.is_none() {
        return false;
    }
    if is_undo(f, text) {
        undo(f);
        return true;
    }
    let Some(mut log) = f.undo.take() else {
        return false;
    };
    log.dict_top = log.dict_top.max(f.vm.here);
    // A program whose memory alone passes the bound is not copied at all.
    let used = (f.vm.mem.heap_top() - crate::memory::HEAP_START)
        + (log.dict_top - crate::memory::DICT_START);
    if used > UndoLog::MAX_BYTES {
        log.entries.clear();
        log.horizon = Some(format!(
            "the program's data space and heap ({} MiB) are more than undo keeps ({} MiB)",
            used >> 20,
            UndoLog::MAX_BYTES >> 20
        ));
        f.undo = Some(log);
        return false;
    }
    let now = save(f, &log, log.entries.back().map(|e| &e.before));
    let recorded = usize::from(f.host.tutor.is_some());
    match log.entries.back_mut() {
        // The line before changed nothing: it goes back with this one.
        Some(last) if same(&last.before, &now) => {
            last.line = text.to_string();
            last.recorded += recorded;
            last.printed = false;
            last.files = false;
        }
        _ => {
            let older = log.entries.back().map(|e| &e.before);
            let bytes = cost(&now, older);
            log.entries.push_back(UndoEntry {
                before: now,
                line: text.to_string(),
                printed: false,
                files: false,
                recorded,
                bytes,
            });
            bound(&mut log);
        }
    }
    // What the line does that cannot be taken back is counted from here.
    log.out_mark = (f.host.out.written, f.host.files.changes);
    f.undo = Some(log);
    false
}

/// After a line typed at the prompt ran: note whether it printed or
/// touched files.
pub(crate) fn after_line(f: &mut Forth) {
    let (written, changes) = (f.host.out.written, f.host.files.changes);
    if let Some(log) = f.undo.as_mut()
        && let Some(last) = log.entries.back_mut()
    {
        last.printed |= written != log.out_mark.0;
        last.files |= changes != log.out_mark.1;
    }
}

/// Drop the oldest lines past the bounds.
fn bound(log: &mut UndoLog) {
    while log.entries.len() > UndoLog::MAX_LINES || total_bytes(log) > UndoLog::MAX_BYTES {
        let Some(old) = log.entries.pop_front() else {
            break;
        };
        log.horizon = Some(if log.entries.is_empty() {
            format!(
                "the state before `{}` took more than {} MiB to keep",
                old.line,
                UndoLog::MAX_BYTES >> 20
            )
        } else {
            format!(
                "undo goes back {} lines at most, within {} MiB",
                UndoLog::MAX_LINES,
                UndoLog::MAX_BYTES >> 20
            )
        });
        // What the dropped copy shared with the next is the next's now.
        if let Some(next) = log.entries.front_mut() {
            next.bytes = cost(&next.before, None);
        }
    }
}

/// The bytes all kept lines hold.
pub(crate) fn total_bytes(log: &UndoLog) -> usize {
    log.entries.iter().map(|e| e.bytes).sum()
}

/// What `s` holds that `older` (the copy kept just before) does not share.
fn cost(s: &Saved, older: Option<&Saved>) -> usize {
    let stacks = 8 * (s.data.len() + s.returns.len() + s.floats.len());
    let subs = match older {
        Some(o) if std::rc::Rc::ptr_eq(&o.substitutions, &s.substitutions) => 0,
        _ => s.substitutions.bytes(),
    };
    std::mem::size_of::<UndoEntry>()
        + stacks
        + s.mem.fresh_bytes(older.map(|o| &o.mem))
        + s.code.fresh_bytes(older.map(|o| &o.code))
        + s.dict.fresh_bytes(older.map(|o| &o.dict))
        + subs
        + s.traced.len() * 4
        + s.args.iter().map(|a| a.len() + 24).sum::<usize>()
        + s.arg_addrs.keys().map(|a| a.len() + 40).sum::<usize>()
        + s.argv.1.iter().map(|a| a.len() + 24).sum::<usize>()
        + s.drawing.fresh_bytes(older.map(|o| &o.drawing))
}

/// The system's state now, sharing what is unchanged with `prev`.
fn save(f: &Forth, log: &UndoLog, prev: Option<&Saved>) -> Saved {
    let s = &f.vm.stacks;
    Saved {
        data: s.cells().into(),
        returns: s.rcells().into(),
        floats: s.fstack().into(),
        here: f.vm.here,
        mem: f.vm.mem.snapshot(log.dict_top, prev.map(|p| &p.mem)),
        code: f.vm.code.snapshot(prev.map(|p| &p.code)),
        dict: f.vm.dict.snapshot(prev.map(|p| &p.dict)),
        compiler: f.compiler.clone(),
        prefs: f.prefs.clone(),
        traced: f.trace.traced.clone(),
        text_kept: f.words.text.kept_bytes,
        hld: f.words.text.hld,
        substitutions: snapshot::shared(
            &f.words.text.substitutions,
            prev.map(|p| &p.substitutions),
        ),
        rng: f.words.games.rng.clone(),
        exceptions: f.words.exceptions.count(),
        args: f.host.args.clone(),
        arg_addrs: f.host.arg_addrs.clone(),
        argv: f.host.argv.clone(),
        drawing: f.words.turtle.snapshot(prev.map(|p| &p.drawing)),
    }
}

/// Whether nothing changed between two copies (the second made from the
/// first, so what is unchanged is shared).
fn same(a: &Saved, b: &Saved) -> bool {
    let bits = |x: &[f64]| x.iter().map(|v| v.to_bits()).collect::<Vec<_>>();
    a.data == b.data
        && a.returns == b.returns
        && bits(&a.floats) == bits(&b.floats)
        && a.here == b.here
        && a.mem.same(&b.mem)
        && a.code.same(&b.code)
        && a.dict.same(&b.dict)
        && a.compiler == b.compiler
        && a.prefs == b.prefs
        && a.traced == b.traced
        && a.text_kept == b.text_kept
        && std::rc::Rc::ptr_eq(&a.substitutions, &b.substitutions)
        && a.rng == b.rng
        && a.exceptions == b.exceptions
        && a.args == b.args
        && a.arg_addrs == b.arg_addrs
        && a.argv == b.argv
        && a.drawing.same(&b.drawing)
}

/// Put a copy back.
fn restore(f: &mut Forth, s: &Saved, dict_top: usize) {
    let _ = f.vm.stacks.set_all(&s.data, &s.returns, &s.floats);
    f.vm.here = s.here;
    f.vm.mem.restore(&s.mem, dict_top);
    f.vm.code.restore(&s.code);
    f.vm.dict.restore(&s.dict);
    f.compiler = s.compiler.clone();
    f.prefs = s.prefs.clone();
    f.trace.traced = s.traced.clone();
    f.words.text.kept_bytes = s.text_kept;
    f.words.text.hld = s.hld;
    f.words.text.substitutions = (*s.substitutions).clone();
    f.words.games.rng = s.rng.clone();
    f.words.exceptions.truncate(s.exceptions);
    f.host.args = s.args.clone();
    f.host.arg_addrs = s.arg_addrs.clone();
    f.host.argv = s.argv.clone();
    f.words.turtle.restore(&s.drawing);
    f.pending = Default::default();
}

/// `undo`: put back the state before the newest line that changed
/// something, and say what came back.
fn undo(f: &mut Forth) {
    let Some(mut log) = f.undo.take() else {
        return;
    };
    let now = save(f, &log, log.entries.back().map(|e| &e.before));
    let mut dropped = 0;
    // Lines that changed nothing since the newest copy go with it.
    let entry = loop {
        match log.entries.pop_back() {
            Some(e) if same(&e.before, &now) => dropped += e.recorded,
            other => break other,
        }
    };
    let text = match entry {
        None => match &log.horizon {
            Some(h) => format!("nothing more to undo: {h}\n"),
            None => "nothing more to undo: the system is as it was at the start\n".to_string(),
        },
        Some(e) => {
            dropped += e.recorded;
            let said = describe(&now, &e);
            restore(f, &e.before, log.dict_top);
            let stack = crate::words::tools::stack_text(f);
            said.replace("{stack}", stack.trim_end())
        }
    };
    if dropped > 0
        && let Some(t) = f.host.tutor.as_mut()
    {
        t.forget_last(dropped);
    }
    f.undo = Some(log);
    let _ = crate::words::io::write_out(f, text.as_bytes());
}

/// What undoing `e` puts back, compared with the state `now`: the stack
/// (as `{stack}`, filled in once it is back), words forgotten or back,
/// BASE, memory; and what it cannot take back.
fn describe(now: &Saved, e: &UndoEntry) -> String {
    let before = &e.before;
    let mut back = Vec::new();
    let bits = |x: &[f64]| x.iter().map(|v| v.to_bits()).collect::<Vec<_>>();
    if before.data != now.data
        || before.returns != now.returns
        || bits(&before.floats) != bits(&now.floats)
    {
        back.push("stack back to {stack}".to_string());
    }
    let visible =
        |w: &crate::dictionary::Word| w.revealed && !w.name.is_empty() && w.kind != Kind::Forgotten;
    let then: Vec<&crate::dictionary::Word> = before.dict.words().collect();
    let later: Vec<&crate::dictionary::Word> = now.dict.words().collect();
    let appeared = |a: &[&crate::dictionary::Word], b: &[&crate::dictionary::Word]| {
        a.iter()
            .enumerate()
            .filter(|&(xt, w)| visible(w) && !b.get(xt).is_some_and(|o| visible(o)))
            .map(|(_, w)| format!("`{}`", w.name))
            .collect::<Vec<_>>()
    };
    let gone = appeared(&later, &then);
    let again = appeared(&then, &later);
    // A name defined again by the line is back to its earlier meaning.
    let earlier: std::collections::HashSet<String> = then
        .iter()
        .filter(|w| visible(w))
        .map(|w| format!("`{}`", w.name).to_ascii_lowercase())
        .collect();
    let (redefined, gone): (Vec<String>, Vec<String>) = gone
        .into_iter()
        .partition(|n| earlier.contains(&n.to_ascii_lowercase()));
    if !gone.is_empty() {
        back.push(format!("{} forgotten", names(&gone)));
    }
    if !redefined.is_empty() {
        back.push(format!(
            "{} back to the earlier definition",
            names(&redefined)
        ));
    }
    if !again.is_empty() {
        back.push(format!("{} defined again", names(&again)));
    }
    let base = |s: &Saved| s.mem.base();
    if base(before) != base(now) {
        back.push(format!("BASE back to {} (decimal)", base(before)));
    }
    if crate::memory::Memory::data_differs(&before.mem, &now.mem)
        && gone.is_empty()
        && redefined.is_empty()
    {
        back.push("memory put back".to_string());
    }
    if !before.drawing.same(&now.drawing) {
        back.push("the drawing put back".to_string());
    }
    if before.compiler.def.is_some() != now.compiler.def.is_some() {
        back.push("the open definition back".to_string());
    }
    let mut s = format!("undone: `{}`", one_line(&e.line));
    if back.is_empty() {
        s.push_str(" — back as it was");
    } else {
        s.push_str(" — ");
        s.push_str(&back.join("; "));
    }
    s.push('\n');
    match (e.printed, e.files) {
        (true, true) => s.push_str(
            "(what it printed stays on the screen, and the files it wrote or created stay as they are: those cannot be taken back)\n",
        ),
        (true, false) => s.push_str("(what it printed stays on the screen: output cannot be taken back)\n"),
        (false, true) => s.push_str(
            "(the files it wrote or created stay as they are: files cannot be taken back)\n",
        ),
        (false, false) => {}
    }
    s
}

/// A list of names, the first few.
fn names(list: &[String]) -> String {
    const SHOWN: usize = 6;
    if list.len() <= SHOWN {
        list.join(", ")
    } else {
        format!(
            "{} and {} more",
            list[..SHOWN].join(", "),
            list.len() - SHOWN
        )
    }
}

/// A line as `undo` names it: its first line, shortened.
fn one_line(text: &str) -> String {
    const LONG: usize = 60;
    let first = text.trim().lines().next().unwrap_or("");
    let more = text.trim().lines().count() > 1;
    if first.chars().count() > LONG {
        let cut: String = first.chars().take(LONG).collect();
        format!("{cut} …")
    } else if more {
        format!("{first} …")
    } else {
        first.to_string()
    }
}
