//! The words of the guided course (`learn`, see `learn.rs`): they print
//! lessons and reports of the course the host gave the system (its
//! `Tutor`). They sit in the `games` word list with the other extras, so a
//! learner's own `check` or `hint` simply shadows them. In a system with
//! no course — one running a check — they do nothing (a replayed session
//! holds them too).
//!
//! They are immediate, to refuse being compiled: a `check` typed before the
//! `;` of a definition (or inside a loop typed at the prompt) would become
//! part of that word, and the check would run the half-made word later or
//! not at all. The error says to end the definition first.

use super::spec::primitives;
use crate::error::*;
use crate::host::Tutor;
use crate::kernel::Forth;

/// The course's words run at the prompt: compiled into a word, they fail.
fn at_the_prompt(f: &mut Forth, word: &str) -> Res<()> {
    if !f.compiling() {
        return Ok(());
    }
    // `: my-check check ;` means the word to call it; a `;` still to come
    // on the line is not missing.
    let (a, n) = crate::parse::parse_area(f);
    let rest = f.vm.mem.string(a, n).unwrap_or_default();
    let ends = rest.split_ascii_whitespace().any(|t| t == ";");
    let name = match &f.compiler.def {
        Some(d) if !d.at_prompt => {
            f.vm.dict
                .words()
                .get(d.xt as usize)
                .map(|w| w.name.to_string())
        }
        _ => None,
    };
    let why = match name {
        Some(name) if ends && !name.is_empty() => format!(
            "`{word}` runs at the prompt on its own: a word cannot call it, \
             so the definition of `{name}` is thrown away. Type `{word}` at the prompt"
        ),
        Some(name) if !name.is_empty() => format!(
            "`{word}` runs at the prompt, not inside a definition: `{name}` has no `;` yet, \
             so `{word}` would become part of it. The definition is thrown away: \
             type it again ending with `;`, then `{word}`"
        ),
        Some(_) => format!(
            "`{word}` runs at the prompt, not inside a definition: this one has no `;` yet. \
             It is thrown away: type it again ending with `;`, then `{word}`"
        ),
        None => format!(
            "`{word}` runs at the prompt on its own, not inside a loop or `if` typed there \
             (those run once closed). What was typed is thrown away: type it again, closed, \
             then `{word}`"
        ),
    };
    Err(f.fail(UNSUPPORTED, why))
}

/// Print a course text, unless this system is running a check.
fn course_say(f: &mut Forth, word: &str, text: impl FnOnce(&mut dyn Tutor) -> String) -> Res<()> {
    at_the_prompt(f, word)?;
    let Some(tutor) = f.host.tutor.as_deref_mut() else {
        return Ok(());
    };
    let s = text(tutor);
    page(f, &s)
}

/// The rows a page may take and the terminal's columns, when the output
/// is a terminal a person reads and types at: else None (no paging).
fn page_size(f: &Forth) -> Option<(usize, usize)> {
    let to_stdout =
        f.vm.mem.cell(crate::memory::OUTFILE_ADDR as i64).ok() == Some(crate::io::STDOUT_ID);
    if !(to_stdout && f.host.out.terminal && f.host.console.is_terminal()) {
        return None;
    }
    let (cols, rows) = crossterm::terminal::size().ok()?;
    // A row is kept for the "more" line.
    (rows > 4 && cols > 0).then(|| (usize::from(rows) - 1, usize::from(cols)))
}

/// What the line between two pages says.
const MORE: &str = "-- more: Space or Enter shows the next page, q stops --";

/// Write a course text, a page at a time when it is taller than the
/// terminal (a lesson): a key goes on, q (or Esc) stops.
fn page(f: &mut Forth, text: &str) -> Res<()> {
    use crate::words::io::write_out;
    let Some((page, cols)) = page_size(f) else {
        return write_out(f, text.as_bytes());
    };
    let rows_of = |line: &str| {
        let w = unicode_width::UnicodeWidthStr::width(line.trim_end_matches('\n'));
        w.div_ceil(cols).max(1)
    };
    let mut used = 0;
    for line in text.split_inclusive('\n') {
        let h = rows_of(line);
        if used > 0 && used + h > page {
            write_out(f, MORE.as_bytes())?;
            let _ = std::io::Write::flush(&mut f.host.out);
            let key = f.host.console.key()?;
            write_out(f, b"\r\x1b[K")?;
            if matches!(key, None | Some(b'q' | b'Q' | 27)) {
                return write_out(
                    f,
                    b"(the rest was skipped: `learn` shows the lesson again)\n",
                );
            }
            used = 0;
        }
        write_out(f, line.as_bytes())?;
        used += h;
    }
    Ok(())
}

primitives! {
    /// The guided course.
    enum Course;
    base = super::spec::COURSE_BASE;

    Learn "learn" "( \"n\" -- )" Course Immediate "The guided course: `learn` opens the lesson you were at (or the first), `learn 5` opens lesson 5 (a number or a lesson's name)." |f| {
        at_the_prompt(f, "learn")?;
        let (a, n) = crate::parse::parse_name(f)?;
        let which = if n == 0 { None } else { Some(f.vm.mem.string(a, n)?) };
        let Some(tutor) = f.host.tutor.as_deref_mut() else {
            return Ok(());
        };
        match tutor.learn(which.as_deref()) {
            Ok(text) => page(f, &text),
            Err(why) => Err(f.fail(INVALID_NUMERIC_ARG, why)),
        }
    }
    Lessons "lessons" "( -- )" Course Immediate "List the course's lessons: → marks the open one, ✓ those whose checks pass." |f| {
        course_say(f, "lessons", |c| c.list())
    }
    CheckAnswer "check" "( -- )" Course Immediate "Check your answer to the open lesson's exercise: your words run on the lesson's tests in a fresh system, and each test shows what was expected and what came out." |f| {
        course_say(f, "check", |c| c.check())
    }
    Hint "hint" "( -- )" Course Immediate "A hint for the open lesson's exercise." |f| {
        course_say(f, "hint", |c| c.hint())
    }
    Solution "solution" "( -- )" Course Immediate "Show one answer to the open lesson's exercise." |f| {
        course_say(f, "solution", |c| c.solution())
    }
    NextLesson "next-lesson" "( -- )" Course Immediate "Go on to the next lesson of the course." |f| {
        course_say(f, "next-lesson", |c| c.next())
    }
    Undo "undo" "( -- )" Playforth Plain "Typed alone at the prompt: take back the last line that changed something — stacks, memory, definitions, BASE — and say what came back; again to go further back (32 lines at most). What was printed and files written stay." |f| {
        let why = if f.undo.is_some() {
            "`undo` takes back a whole line: type it alone on a line at the prompt (not inside a definition or with other words)"
        } else {
            "`undo` works only at the interactive prompt, where it takes back the line typed before; a file or piped program has no lines to take back"
        };
        Err(f.fail(UNSUPPORTED, why))
    }
}
