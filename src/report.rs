//! The report of an uncaught throw: from the throw code and what the
//! machine saved when it was raised (`Pending`: the fault's place, the
//! stack, the word that failed), the [`ForthError`] a host shows — the
//! message, where it happened, a backtrace and the hints that say what to
//! do. The top of the library: it may ask any part what it knows.

use crate::error::*;
use crate::kernel::Forth;
use crate::kernel::{Fault, STUB_END};
use crate::stacks::DS_SIZE;
use crate::teach;
use crate::words::float;

/// The name of the word whose call was compiled last, if any.
fn last_compiled_name(f: &Forth) -> Option<String> {
    let here = crate::compiler::code_here(f).checked_sub(1)?;
    let start = f.compiler.def.as_ref()?.code_start;
    if here < start {
        return None;
    }
    f.instr_name(f.vm.code.get(here as usize)?)
}

/// The name of the colon definition being compiled, if any.
fn defining_name(f: &Forth) -> Option<&str> {
    let d = f.compiler.def.as_ref().filter(|d| !d.noname)?;
    Some(&f.vm.dict.words().get(d.xt as usize)?.name)
}

/// Turn an uncaught throw into a report, and forget the fault.
pub(crate) fn error_for(sys: &mut Forth, t: Throw) -> ForthError {
    let fault = if sys.pending.fault.active {
        sys.pending.fault.clone()
    } else {
        Fault::default()
    };
    sys.pending.fault.active = false;
    let msg = sys
        .pending
        .throw_msg
        .take()
        .filter(|(c, _)| *c == t)
        .map(|(_, m)| m);
    let code = t.0;
    // An undefined word the message explains gets no "did you mean".
    let mut explained = false;
    let mut message = match (code, msg) {
        (-2, Some(m)) => m,
        (-13, Some(m)) => {
            let mut msg = format!("undefined word `{}`", crate::error::shorten(&m, 60));
            // A space character pasted from a document is part of the name.
            if let Some(c) = m.chars().find(|c| c.is_whitespace() && !c.is_ascii()) {
                msg += &format!(
                    " (it contains U+{:04X}, a space character that Forth does not count as a blank)",
                    c as u32
                );
            }
            // Compiled just before it: `:` (the `;` before it missing)
            // or `char` (`[char]` meant).
            let before = sys.compiling().then(|| last_compiled_name(sys)).flatten();
            match (before.as_deref(), defining_name(sys)) {
                (Some(":"), Some(def)) => {
                    explained = true;
                    msg += &format!(
                        " (a `:` was compiled into the definition of `{def}` just before it: \
                         is the `;` ending `{def}` missing?)"
                    )
                }
                (Some("char"), _) => {
                    explained = true;
                    msg += &format!(
                        " (`char` was compiled just before it: inside a definition, or a \
                         loop typed at the prompt, `[char] {m}` gives a character's code)"
                    )
                }
                _ => {}
            }
            // The word being defined: a `;` forgotten, or recursion.
            if defining_name(sys).is_some_and(|n| n.eq_ignore_ascii_case(&m)) {
                explained = true;
                msg += " (the word being defined: it is found only after its `;`, \
                        so is the `;` missing? Inside its own definition, `recurse` calls it)";
            }
            // A number with a digit BASE does not have.
            let digits = m.strip_prefix('-').unwrap_or(&m);
            if sys.base() != 10
                && !digits.is_empty()
                && digits.bytes().all(|b| b.is_ascii_alphanumeric())
                && digits.as_bytes()[0].is_ascii_digit()
            {
                msg += &format!(
                    " (read as a number it has a digit that base {} does not have; \
                     `decimal` goes back to base 10)",
                    sys.base()
                );
            }
            // A float read in another BASE.
            if crate::number::looks_like_float(&m) && sys.base() != 10 {
                msg += &format!(
                    " (it reads as a floating-point number, but those are read only when BASE is decimal; BASE is {})",
                    sys.base()
                );
            }
            msg
        }
        (_, Some(m)) => format!("{}: {m}", crate::throw::message(code)),
        (_, None) => crate::throw::message(code).to_string(),
    };
    if code > 0 || (code < -79 && code > -256) {
        message = format!("uncaught exception {code}");
    }
    // The innermost compiled position, else the token being interpreted.
    let pos = fault
        .ip
        .and_then(|ip| sys.vm.code.pos(ip as usize))
        .unwrap_or(sys.input.token_pos());
    // A compiled float literal fails in its `(flit)`, after its bits
    // were pushed: the report names the literal and leaves out the bits.
    let flit = fault.instr == Some(crate::words::float::Floating::FLit.instr());
    let word = match (code, fault.ip.is_some(), fault.instr) {
        (-13 | -2 | -1, _, _) => None,
        _ if flit => fault
            .ip
            .and_then(|ip| sys.vm.code.get(ip.checked_sub(1)? as usize))
            .and_then(|i| match i.unfused() {
                crate::instr::Instr::Lit(v) => {
                    Some(crate::number::literal_text(f64::from_bits(v as u64)))
                }
                _ => None,
            }),
        (_, true, Some(i)) => sys.instr_name(i),
        // `' dup execute` typed: the word EXECUTE ran.
        (_, false, Some(i)) if i != crate::instr::Instr::Execute && sys.instr_name(i).is_some() => {
            sys.instr_name(i)
        }
        _ if !sys.input.token_name().is_empty() => Some(sys.input.token_name().to_string()),
        _ => None,
    };
    let mut backtrace = Vec::new();
    if let Some(ip) = fault.ip {
        backtrace.extend(sys.vm.dict.word_at(ip));
        for &ret in fault.calls.iter().rev() {
            if ret >= STUB_END
                && let Some(xt) = sys.vm.dict.word_at(ret - 1)
            {
                backtrace.push(xt);
            }
        }
    }
    let names = backtrace
        .into_iter()
        .map(|xt| sys.vm.dict.words()[xt as usize].name.to_string());
    let backtrace = summarize_backtrace(names);
    let effect = word.as_deref().and_then(|w| teach::stack_effect(sys, w));
    // The depth before the failing word ran: what it popped is still in
    // the stack array.
    let depth = fault.depth.min(DS_SIZE);
    // While a definition is compiled (and not inside its `[ ]`), the
    // cells above the depth at its `:` are the compiler's control-flow
    // entries, which mean nothing to the learner: only what lies below
    // is shown.
    let depth = match &sys.compiler.def {
        Some(d) if sys.compiling() => depth.min(d.depth),
        _ => depth,
    };
    // A control-structure error's stack holds the compiler's
    // control-flow entries, which mean nothing to the learner.
    let shown = (fault.active_snapshot
        && word.is_some()
        && !flit
        && code != CONTROL_MISMATCH.0
        // Ctrl-C, THROW and ABORT say nothing about the stack's fault.
        && code != USER_INTERRUPT.0
        && !word.as_deref().is_some_and(|w| {
            ["throw", "abort", "abort\""].iter().any(|t| w.eq_ignore_ascii_case(t))
        })
        && (depth > 0 || code == -4))
        .then(|| {
            let base = sys.base();
            let mut s = format!("<{depth}>");
            let from = depth.saturating_sub(16);
            if from > 0 {
                s.push_str(" ...");
            }
            for &x in &sys.vm.stacks.cells_as_of(depth)[from..] {
                s.push_str(&format!(" {}", crate::words::text::signed(x as i128, base)));
            }
            s
        });
    // A float word that found too few floats: what the float stack
    // held, and the data stack too (`7 8 f+`: the numbers are there).
    let floats = || match float::fstack_text(sys) {
        empty if empty.is_empty() => "F: <0>".to_string(),
        text => text.trim_end().to_string(),
    };
    let takes_floats = effect.as_deref().is_some_and(|e| e.contains("F:"));
    let stack = if code == FP_STACK_UNDERFLOW.0 && word.is_some() {
        let mut s = floats();
        if let Some(cells) = &shown {
            s.push_str(&format!(", and the data stack {cells}"));
            if sys.vm.stacks.fdepth() == 0 {
                s.push_str(" (a float is written with an e: `7e`, `2.5e0`)");
            }
        }
        Some(s)
    } else if takes_floats && sys.vm.stacks.fdepth() > 0 {
        // A float word that failed for another reason (`f!` to a bad
        // address): its floats too.
        shown.map(|cells| format!("{cells}, {}", floats()))
    } else {
        shown
    };
    let opened = sys
        .pending
        .throw_opened
        .take()
        .filter(|_| code == CONTROL_MISMATCH.0)
        .and_then(|p| sys.input.location(p))
        .map(|l| *l);
    let suggestions =
        if code == -13 && !explained && !crate::number::looks_like_float(sys.input.token_name()) {
            let name = sys.input.token_name().to_string();
            teach::suggestions(sys, &name)
        } else {
            Vec::new()
        };
    ForthError {
        code,
        message,
        word,
        location: sys.input.location(pos),
        backtrace,
        hints: Box::new(Hints {
            effect,
            stack,
            suggestions,
            opened,
        }),
    }
}

/// Fold runs of one word (deep recursion) into `word (xN)` and keep the
/// list short: the innermost callers matter most.
fn summarize_backtrace(names: impl Iterator<Item = String>) -> Vec<String> {
    let mut runs: Vec<(String, usize)> = Vec::new();
    for n in names {
        match runs.last_mut() {
            Some((last, count)) if *last == n => *count += 1,
            _ => runs.push((n, 1)),
        }
    }
    const KEEP: usize = 12;
    let total = runs.len();
    let mut out: Vec<String> = runs
        .into_iter()
        .take(KEEP)
        .map(|(n, c)| if c > 1 { format!("{n} (x{c})") } else { n })
        .collect();
    if total > KEEP {
        out.push(format!("... {} more", total - KEEP));
    }
    out
}
