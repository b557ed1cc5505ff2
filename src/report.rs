//! The report of an uncaught throw: from the throw code and what the
//! machine saved when it was raised (`Pending`: the fault's place, the
//! stack, the word that failed), the [`ForthError`] a host shows — the
//! message, where it happened, a backtrace and the hints that say what to
//! do. The top of the library: it may ask any part what it knows.

use crate::code::Pos;
use crate::error::*;
use crate::instr::Instr;
use crate::kernel::Forth;
use crate::kernel::{Fault, STUB_END};
use crate::stacks::DS_SIZE;
use crate::teach;
use crate::words::float::{self, Floating};

/// Turn an uncaught throw into a report, and forget the fault. Each part
/// of the report comes from its own explainer below.
pub(crate) fn error_for(sys: &mut Forth, t: Throw) -> ForthError {
    let failure = take_failure(sys, t);
    let (mut message, explained) = headline(sys, &failure);
    let pos = place(sys, &failure.fault);
    let word = failing_word(sys, &failure);
    if let Some(note) = word
        .as_deref()
        .and_then(|w| store_note(sys, &failure, w, pos))
    {
        message += &format!(" ({note})");
    }
    if let Some(note) = word
        .as_deref()
        .and_then(|w| char_in_definition(sys, &failure, w))
    {
        message += &format!(" ({note})");
    }
    let backtrace = backtrace(sys, &failure.fault);
    let effect = word.as_deref().and_then(|w| teach::stack_effect(sys, w));
    let stack = stack_hint(sys, &failure, word.as_deref(), effect.as_deref());
    let opened = opened_at(sys, &failure);
    // Said after the undefined word's notes, unless it replaced them.
    if let Some((note, _)) = unclosed_text(sys, pos).filter(|_| !message.contains("no `\"` closes"))
    {
        message += &format!(" ({note})");
    }
    let suggestions = did_you_mean(sys, &failure, explained);
    if let Some(note) = not_defined_yet(sys, &failure, &message, &suggestions) {
        message += &format!(" ({note})");
    }
    ForthError {
        code: t.0,
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

/// A store (`!`, `c!`, `+!`, `2!`) to an address that is none, with
/// an address just under it: the two were given the wrong way round
/// (`total 0 !` for `0 total !`); or a constant's value under it
/// (`five 6 !`): a constant cannot be stored into.
fn store_note(sys: &Forth, f: &Failure, word: &str, pos: Pos) -> Option<String> {
    if f.throw != BAD_ADDRESS || !["!", "c!", "+!", "2!"].contains(&word) {
        return None;
    }
    let depth = f.fault.depth.min(crate::stacks::DS_SIZE);
    let cells = sys.vm.stacks.cells_as_of(depth);
    let [.., x, addr] = cells else { return None };
    let words = sys.vm.dict.words();
    let holder = |k: &dyn Fn(&crate::dictionary::Kind) -> bool| {
        words
            .get(sys.vm.dict.user_start() as usize..)?
            .iter()
            .rev()
            .find(|w| w.revealed && k(&w.kind))
            .map(|w| w.name.to_string())
    };
    use crate::dictionary::Kind;
    if let Some(name) =
        holder(&|k| matches!(k, Kind::Variable(a) | Kind::Create(a) if *a as i64 == *x))
    {
        return Some(format!(
            "{x} is the address of `{name}`: the address goes on top, as in `{addr} {name} {word}`"
        ));
    }
    let line = sys.input.location(pos).and_then(|l| l.text.clone())?;
    let named = |n: &str| line.split_whitespace().any(|t| t.eq_ignore_ascii_case(n));
    let constant = holder(&|k| matches!(k, Kind::Constant(v) if v == x)).filter(|n| named(n))?;
    Some(format!(
        "`{constant}` is a constant, which gives its value, {x}, not an address: nothing can be stored into it; \
         for a number that changes, make it a VALUE (`{x} value {constant}`, then `{addr} to {constant}`) or a VARIABLE"
    ))
}

/// `char` compiled into a word (`: star char * emit ;`) found no name
/// after the word when it ran: it reads its character then, from the
/// text after the call; `[char] *` compiles the code of `*`.
fn char_in_definition(sys: &Forth, f: &Failure, word: &str) -> Option<String> {
    if f.throw != ZERO_LENGTH_NAME || !word.eq_ignore_ascii_case("char") {
        return None;
    }
    let ip = f.fault.ip?;
    let caller = sys.vm.dict.word_at(ip)?;
    let caller = &sys.vm.dict.words().get(caller as usize)?.name;
    let next = sys
        .vm
        .code
        .pos(ip as usize + 1)
        .and_then(|p| sys.input.token_at(p));
    let reads =
        format!("`char` inside `{caller}` reads the word after `{caller}` when `{caller}` runs");
    Some(match next.and_then(|n| n.chars().next()) {
        Some(c) => {
            format!("{reads}; to compile the code of `{c}` into `{caller}`, write `[char] {c}`")
        }
        None => format!("{reads}; `[char]` compiles a character's code into a definition"),
    })
}

/// The throw being reported, with what the machine saved for it.
struct Failure {
    throw: Throw,
    /// Where the inner interpreter failed: its code address, calls, the
    /// instruction and the depth it was given. A throw the inner
    /// interpreter never saw (the outer interpreter's) has a default one,
    /// not `active`.
    fault: Fault,
    /// The text the throw left for its report, if this throw left it: the
    /// undefined name, ABORT"'s message, the detail of a failing word.
    text: Option<String>,
    /// Where the structure a control-structure mismatch names was opened.
    opened: Option<Pos>,
    /// A compiled float literal fails in its `(flit)`, after its bits
    /// were pushed: the report names the literal and leaves out the bits.
    flit: bool,
}

/// Take what the machine saved for the throw `t`, so that a later error
/// does not find it: the fault, the throw's text and where a structure
/// was opened.
fn take_failure(sys: &mut Forth, t: Throw) -> Failure {
    let fault = if sys.pending.fault.active {
        sys.pending.fault.clone()
    } else {
        Fault::default()
    };
    sys.pending.fault.active = false;
    let text = sys
        .pending
        .throw_msg
        .take()
        .filter(|(c, _)| *c == t)
        .map(|(_, m)| m);
    let opened = sys.pending.throw_opened.take();
    let flit = fault.instr == Some(Floating::FLit.instr());
    Failure {
        throw: t,
        fault,
        text,
        opened,
        flit,
    }
}

/// The message after `error:`, and whether it says what was meant (then
/// no "did you mean" follows). A code outside the standard's table (a
/// program's own THROW) is named by its number, unless EXCEPTION made it
/// with a message, which is shown; ABORT" says its text; an
/// undefined word is explained ([`undefined_word`]); any other code has
/// its standard message, and the throw's text after it.
fn headline(sys: &Forth, f: &Failure) -> (String, bool) {
    let code = f.throw.0;
    if code > 0 || (code < -79 && code > -256) {
        return (format!("uncaught exception {code}"), false);
    }
    // A code EXCEPTION made says its message, as in gforth.
    if let Some(m) = sys.words.exceptions.message(code) {
        return (m.to_string(), false);
    }
    match (f.throw, f.text.as_deref()) {
        (ABORT_QUOTE, Some(m)) => (m.to_string(), false),
        (UNDEFINED_WORD, Some(name)) => undefined_word(sys, name),
        (_, Some(m)) => (format!("{}: {m}", crate::throw::message(code)), false),
        (_, None) => (crate::throw::message(code).to_string(), false),
    }
}

/// The message for an undefined word: its name, then in brackets each
/// note of [`UNDEFINED_NOTES`] that applies, in that order; and whether
/// one of them says what was meant.
fn undefined_word(sys: &Forth, name: &str) -> (String, bool) {
    let mut message = format!("undefined word `{}`", shorten(name, 60));
    // A string that took the definition's `;` explains what follows (its
    // name used, a `:` inside it): the other notes would mislead.
    if let Some((note, true)) = unclosed_text(sys, sys.input.token_pos()) {
        return (format!("{message} ({note})"), true);
    }
    let mut explained = false;
    for note in UNDEFINED_NOTES.iter().filter_map(|note| note(sys, name)) {
        message += &format!(" ({})", note.text);
        explained |= note.explains;
    }
    (message, explained)
}

/// Something said about an undefined word, in brackets after its name.
struct Note {
    text: String,
    /// Whether it says what was meant: then no "did you mean" follows.
    explains: bool,
}

/// The explainers of an undefined word, each given the system and the
/// name, in the order their notes are shown.
const UNDEFINED_NOTES: [fn(&Forth, &str) -> Option<Note>; 8] = [
    foreign_space,
    string_without_space,
    bare_quotes,
    colon_before,
    char_before,
    being_defined,
    digit_outside_base,
    float_outside_decimal,
];

/// A space character pasted from a document (U+00A0 …): Forth does not
/// count it as a blank, so it is part of the name.
fn foreign_space(_: &Forth, name: &str) -> Option<Note> {
    let c = name.chars().find(|c| c.is_whitespace() && !c.is_ascii())?;
    Some(Note {
        text: format!(
            "it contains U+{:04X}, a space character that Forth does not count as a blank",
            c as u32
        ),
        explains: false,
    })
}

/// A string word run into its text (`."even"`, `s"hi"`, `.(note)`), or
/// a quoted text with no string word (`"even"`): the word and the text
/// are two words, with a space between.
fn string_without_space(_: &Forth, name: &str) -> Option<Note> {
    let lower = name.to_ascii_lowercase();
    let word = [".\"", "s\\\"", "s\"", "c\"", "abort\"", ".(", "(", "\\"]
        .into_iter()
        .find(|w| lower.starts_with(w) && lower.len() > w.len())?;
    let rest = &name[word.len()..];
    let text = if word == "\\" {
        format!("`\\` starts a comment only as a word of its own: `\\ {rest}`")
    } else {
        format!("`{word}` and its text are two words, with a space between: `{word} {rest}`")
    };
    Some(Note {
        text,
        explains: true,
    })
}

/// A quoted text with no string word before it (`"even"`): a string is
/// written `." even"` (printed) or `s" even"` (pushed).
fn bare_quotes(_: &Forth, name: &str) -> Option<Note> {
    let inner = name.strip_prefix('"')?;
    let inner = inner.strip_suffix('"').unwrap_or(inner);
    Some(Note {
        text: format!(
            "a string starts with a word of its own and a space: `.\" {inner}\"` prints it, `s\" {inner}\"` pushes it"
        ),
        explains: true,
    })
}

/// A `:` compiled into a definition just before the name: the `;`
/// ending that definition is missing, so `: name` was read as a call of
/// `:` and then the name.
fn colon_before(sys: &Forth, _: &str) -> Option<Note> {
    let def = defining_name(sys)?;
    (compiled_before(sys)? == ":").then(|| Note {
        text: format!(
            "a `:` was compiled into the definition of `{def}` just before it: \
             is the `;` ending `{def}` missing?"
        ),
        explains: true,
    })
}

/// `char` compiled just before the name (inside a definition, or a loop
/// typed at the prompt): `[char]` was meant.
fn char_before(sys: &Forth, name: &str) -> Option<Note> {
    (compiled_before(sys)? == "char").then(|| Note {
        text: format!(
            "`char` was compiled just before it: inside a definition, or a \
             loop typed at the prompt, `[char] {name}` gives a character's code"
        ),
        explains: true,
    })
}

/// The name of the definition being compiled: it is found only after
/// its `;` (a `;` forgotten), and `recurse` calls it from inside.
fn being_defined(sys: &Forth, name: &str) -> Option<Note> {
    defining_name(sys).filter(|def| def.eq_ignore_ascii_case(name))?;
    Some(Note {
        text: "the word being defined: inside its own definition a word calls itself \
               with `recurse`, as its name is found only after its `;`; if that `;` was \
               forgotten, type the definition again ending with `;`"
            .to_string(),
        explains: true,
    })
}

/// A number with a digit BASE does not have (`12` after `2 base !`):
/// outside base 10, a name of letters and digits that starts with a digit.
fn digit_outside_base(sys: &Forth, name: &str) -> Option<Note> {
    let base = sys.base();
    let digits = name.strip_prefix('-').unwrap_or(name);
    (base != 10
        && !digits.is_empty()
        && digits.bytes().all(|b| b.is_ascii_alphanumeric())
        && digits.as_bytes()[0].is_ascii_digit())
    .then(|| Note {
        text: if (2..=36).contains(&base) {
            format!(
                "read as a number it has a digit that base {base} does not have; \
                 `decimal` goes back to base 10"
            )
        } else {
            format!(
                "BASE is {base}, but numbers have digits in bases 2 to 36 only; \
                 `decimal` goes back to base 10"
            )
        },
        explains: false,
    })
}

/// A float literal read outside base 10, where floats are not read.
fn float_outside_decimal(sys: &Forth, name: &str) -> Option<Note> {
    let base = sys.base();
    (crate::number::looks_like_float(name) && base != 10).then(|| Note {
        text: format!(
            "it reads as a floating-point number, but those are read only when BASE is decimal; BASE is {base}"
        ),
        explains: false,
    })
}

/// The name of the word whose call was compiled last into the definition
/// being compiled, while compiling (not inside its `[ ]`).
fn compiled_before(f: &Forth) -> Option<String> {
    if !f.compiling() {
        return None;
    }
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

/// Where it happened, for the place and the caret: the innermost
/// compiled position, else the token being interpreted.
fn place(sys: &Forth, fault: &Fault) -> Pos {
    fault
        .ip
        .and_then(|ip| sys.vm.code.pos(ip as usize))
        .unwrap_or(sys.input.token_pos())
}

/// The word the report says it happened `in`: the instruction that
/// failed (a compiled float literal: the literal), the built-in word
/// EXECUTE ran (`' dup execute` typed), else the token being
/// interpreted. None for an undefined word and ABORT, whose message says
/// it all.
fn failing_word(sys: &Forth, f: &Failure) -> Option<String> {
    match (f.throw, f.fault.ip.is_some(), f.fault.instr) {
        (UNDEFINED_WORD | ABORT_QUOTE | ABORT, _, _) => None,
        _ if f.flit => float_literal(sys, &f.fault),
        (_, true, Some(i)) => sys
            .instr_name(i)
            .or_else(|| control_word(i, f.fault.ip, sys)),
        (_, false, Some(i)) if i != Instr::Execute && sys.instr_name(i).is_some() => {
            sys.instr_name(i)
        }
        _ if !sys.input.token_name().is_empty() => Some(sys.input.token_name().to_string()),
        _ => None,
    }
}

/// The control word (`if`, `?do`, `+loop`, `of`, `{:` …) that compiled a
/// control instruction with no word of its own, at code address `ip`:
/// the word a failure there is reported in.
fn control_word(i: Instr, ip: Option<u32>, f: &Forth) -> Option<String> {
    use crate::instr::Instr::*;
    match i.unfused() {
        ZBranch(_) | Do | QDo(_) | Loop(_) | PlusLoop(_) | Of(_) | EndCase | LocalsEnter(..)
        | LocalStore(_) | LocalAdd(_) => crate::interp::compiling_word(f, ip?),
        _ => None,
    }
}

/// A compiled float literal that failed in its `(flit)`: the literal, as
/// written, from the bits the instruction before pushed.
fn float_literal(sys: &Forth, fault: &Fault) -> Option<String> {
    let ip = fault.ip?;
    match sys.vm.code.get(ip.checked_sub(1)? as usize)?.unfused() {
        Instr::Lit(v) => Some(crate::number::literal_text(f64::from_bits(v as u64))),
        _ => None,
    }
}

/// The Forth words it was called from, innermost first: the word holding
/// the failing instruction, then the word of each return address (those
/// below `STUB_END` are the system's own stubs), folded by
/// [`summarize_backtrace`]. Empty when it did not fail in compiled code.
fn backtrace(sys: &Forth, fault: &Fault) -> Vec<String> {
    let mut words = Vec::new();
    if let Some(ip) = fault.ip {
        words.extend(sys.vm.dict.word_at(ip));
        for &ret in fault.calls.iter().rev() {
            if ret >= STUB_END
                && let Some(xt) = sys.vm.dict.word_at(ret - 1)
            {
                words.push(xt);
            }
        }
    }
    let names = words
        .into_iter()
        .map(|xt| sys.vm.dict.words()[xt as usize].name.to_string());
    summarize_backtrace(names)
}

/// The stack hint: the data stack the failing word was given
/// ([`data_stack_given`]); for a float-stack underflow, the float stack
/// first ([`float_underflow`]); for a word taking floats that failed for
/// another reason (`f!` to a bad address), the float stack after it.
fn stack_hint(
    sys: &Forth,
    f: &Failure,
    word: Option<&str>,
    effect: Option<&str>,
) -> Option<String> {
    // A prelude word that takes no cells (`needs name`) and failed inside:
    // the cells its inner words were given are its own business.
    if f.fault.inside.is_some() && effect.is_some_and(|e| !takes_cells(e)) {
        return None;
    }
    // A word refused where it stands (the course's `check` compiled into
    // a word) was given no cells: what the stack held is no clue.
    if f.throw == UNSUPPORTED && effect.is_some_and(|e| !takes_cells(e) && !e.contains("F:")) {
        return None;
    }
    let cells = data_stack_given(sys, f, word);
    let takes_floats = effect.is_some_and(|e| e.contains("F:"));
    if f.throw == FP_STACK_UNDERFLOW && word.is_some() {
        Some(float_underflow(sys, cells))
    } else if takes_floats && sys.vm.stacks.fdepth() > 0 {
        cells.map(|cells| format!("{cells}, {}", float_stack(sys)))
    } else {
        cells
    }
}

/// A float word that found too few floats: what the float stack held,
/// and the data stack too when it is shown (`7 8 f+`: the numbers are
/// there), with how a float is written if there were none.
fn float_underflow(sys: &Forth, cells: Option<String>) -> String {
    let mut s = float_stack(sys);
    if let Some(cells) = cells {
        s.push_str(&format!(", and the data stack {cells}"));
        if sys.vm.stacks.fdepth() == 0 {
            s.push_str(" (a float is written with an e: `7e`, `2.5e0`)");
        }
    }
    s
}

/// The float stack as `F: <depth> …`.
fn float_stack(sys: &Forth) -> String {
    match float::fstack_text(sys) {
        empty if empty.is_empty() => "F: <0>".to_string(),
        text => text.trim_end().to_string(),
    }
}

/// The data stack the failing word was given, as `.S` shows it (`<3> 1
/// 2 3`, the top 16 cells), when it says something about the fault (see
/// [`stack_tells`]).
fn data_stack_given(sys: &Forth, f: &Failure, word: Option<&str>) -> Option<String> {
    let depth = depth_given(sys, &f.fault);
    if !stack_tells(f, word?, depth) {
        return None;
    }
    let base = sys.base();
    let mut s = format!("<{depth}>");
    let from = depth.saturating_sub(16);
    if from > 0 {
        s.push_str(" ...");
    }
    for &x in &sys.vm.stacks.cells_as_of(depth)[from..] {
        s.push_str(&format!(" {}", crate::words::text::signed(x as i128, base)));
    }
    // Failed inside a prelude word: the stack is the one its inner word
    // was given, which may differ from what the word itself got.
    if let Some(inner) = f.fault.inside.and_then(|i| sys.instr_name(i)) {
        s.push_str(&format!(
            " where its `{inner}` failed (`see {}` shows its code)",
            word?
        ));
    }
    Some(s)
}

/// How many cells of the data stack the report shows: the depth before
/// the failing word ran (what it popped is still in the stack array);
/// while a definition is compiled (and not inside its `[ ]`), only the
/// cells below the depth at its `:`, as those above are the compiler's
/// control-flow entries, which mean nothing to the learner.
fn depth_given(sys: &Forth, fault: &Fault) -> usize {
    let depth = fault.depth.min(DS_SIZE);
    match &sys.compiler.def {
        Some(d) if sys.compiling() => depth.min(d.depth),
        _ => depth,
    }
}

/// Whether a stack effect takes cells from the data stack: something
/// before `--` other than parsed text (`"name"`) and `i*x`.
fn takes_cells(effect: &str) -> bool {
    let before = effect
        .trim_start_matches('(')
        .split("--")
        .next()
        .unwrap_or("");
    before
        .split_whitespace()
        .any(|item| !item.starts_with('"') && item != "i*x")
}

/// Whether the stack `word` was given says something about the fault: the
/// inner interpreter saw it fail; it was not a float literal (whose bits
/// are on the stack); not a control-structure error (the stack holds the
/// compiler's control-flow entries); not Ctrl-C, THROW or ABORT (which
/// say nothing about the stack); and something was on it, or it was a
/// stack underflow (`<0>`).
fn stack_tells(f: &Failure, word: &str, depth: usize) -> bool {
    f.fault.active
        && !f.flit
        && f.throw != CONTROL_MISMATCH
        && f.throw != USER_INTERRUPT
        && !["throw", "abort", "abort\""]
            .iter()
            .any(|t| word.eq_ignore_ascii_case(t))
        && (depth > 0 || f.throw == STACK_UNDERFLOW)
}

/// Where the unclosed structure a control-structure mismatch names was
/// opened: the report shows a caret there too.
fn opened_at(sys: &Forth, f: &Failure) -> Option<Location> {
    f.opened
        .filter(|_| f.throw == CONTROL_MISMATCH)
        .and_then(|p| sys.input.location(p))
        .map(|l| *l)
}

/// Known words close to an undefined one ("did you mean"), unless its
/// message already says what was meant, or the token reads as a float
/// (then it is one read in another base, or a mistyped float).
fn did_you_mean(sys: &Forth, f: &Failure, explained: bool) -> Vec<String> {
    let name = sys.input.token_name();
    if f.throw != UNDEFINED_WORD || explained || crate::number::looks_like_float(name) {
        return Vec::new();
    }
    teach::suggestions(sys, name)
}

/// A string word whose text no `"` closed, in the definition being
/// compiled or on the line of the error: its text took the rest of its
/// line (a `;` there too), which is what went wrong most likely.
fn unclosed_text(sys: &Forth, pos: Pos) -> Option<(String, bool)> {
    let (word, at) = sys.input.unclosed_text.as_ref()?;
    let in_definition = sys
        .compiler
        .def
        .as_ref()
        .is_some_and(|d| d.at.src == at.src && (d.at.line, d.at.col) <= (at.line, at.col));
    let same_line = pos.src == at.src && pos.line == at.line;
    if !in_definition && !same_line {
        return None;
    }
    let line = sys.input.location(*at).and_then(|l| l.text.clone());
    let took_semicolon = line.as_deref().is_some_and(|l| {
        l.get(at.col as usize..)
            .is_some_and(|rest| rest.split_whitespace().any(|t| t == ";"))
    });
    let what = if took_semicolon {
        "so its text ran to the end of that line, `;` and all"
    } else {
        "so its text ran to the end of that line"
    };
    let note = format!(
        "no `\"` closes the text after the `{word}` at line {}, column {}, {what}",
        at.line, at.col
    );
    Some((note, took_semicolon))
}

/// A name that is like no word at all, with nothing else said of it:
/// most likely a word the learner means to write (`sq`).
fn not_defined_yet(
    sys: &Forth,
    f: &Failure,
    message: &str,
    suggestions: &[String],
) -> Option<String> {
    let name = sys.input.token_name();
    let plain = message.strip_prefix("undefined word `")? == format!("{name}`");
    // A name, not a number gone wrong (`1d`, `-e`, `.5`).
    let mut chars = name.chars();
    let first = chars.next()?;
    let named = first.is_alphabetic()
        || (!first.is_ascii_digit()
            && !"+-".contains(first)
            && chars.next().is_some_and(char::is_alphabetic));
    // New: in no word list at all, not just outside the search order.
    let lower = name.to_ascii_lowercase();
    let new = !sys
        .vm
        .dict
        .wordlists()
        .iter()
        .any(|wl| wl.map.contains_key(lower.as_str()));
    (f.throw == UNDEFINED_WORD
        && plain
        && suggestions.is_empty()
        && named
        && new
        && (2..=31).contains(&name.chars().count()))
    .then(|| format!("not defined yet: define it with `: {name} … ;`"))
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
