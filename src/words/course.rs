//! The words of the guided course (`learn`, see `learn.rs`): they print
//! lessons and reports of the course the host gave the system (its
//! `Tutor`). They sit in the `games` word list with the other extras, so a
//! learner's own `check` or `hint` simply shadows them. In a system with
//! no course — one running a check — they do nothing (a replayed session
//! holds them too).

use super::spec::primitives;
use crate::error::*;
use crate::host::Tutor;
use crate::kernel::Forth;

/// Print a course text, unless this system is running a check.
fn course_say(f: &mut Forth, text: impl FnOnce(&mut dyn Tutor) -> String) -> Res<()> {
    let Some(tutor) = f.host.tutor.as_deref_mut() else {
        return Ok(());
    };
    let s = text(tutor);
    crate::words::io::write_out(f, s.as_bytes())
}

primitives! {
    /// The guided course.
    enum Course;
    base = super::spec::COURSE_BASE;

    Learn "learn" "( \"n\" -- )" Course Plain "The guided course: `learn` opens the lesson you were at (or the first), `learn 5` opens lesson 5 (a number or a lesson's name)." |f| {
        let (a, n) = crate::parse::parse_name(f)?;
        let which = if n == 0 { None } else { Some(f.vm.mem.string(a, n)?) };
        let Some(tutor) = f.host.tutor.as_deref_mut() else {
            return Ok(());
        };
        match tutor.learn(which.as_deref()) {
            Ok(text) => crate::words::io::write_out(f, text.as_bytes()),
            Err(why) => Err(f.fail(INVALID_NUMERIC_ARG, why)),
        }
    }
    Lessons "lessons" "( -- )" Course Plain "List the course's lessons: → marks the open one, ✓ those whose checks pass." |f| {
        course_say(f, |c| c.list())
    }
    CheckAnswer "check" "( -- )" Course Plain "Check your answer to the open lesson's exercise: your words run on the lesson's tests in a fresh system, and each test shows what was expected and what came out." |f| {
        course_say(f, |c| c.check())
    }
    Hint "hint" "( -- )" Course Plain "A hint for the open lesson's exercise." |f| {
        course_say(f, |c| c.hint())
    }
    Solution "solution" "( -- )" Course Plain "Show one answer to the open lesson's exercise." |f| {
        course_say(f, |c| c.solution())
    }
    NextLesson "next-lesson" "( -- )" Course Plain "Go on to the next lesson of the course." |f| {
        course_say(f, |c| c.next())
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
