//! The guided course (`learn`): lessons read from Markdown files a teacher
//! can edit (the format is in docs/lessons.md), and the checker that runs
//! a learner's words on a lesson's checks.
//!
//! Every check runs in a fresh system: the learner's code (a file, or the
//! REPL session replayed line by line) is loaded, then the lesson's
//! helpers, then the check's input on an empty stack, with the output
//! captured and a time limit. A learner's broken state (an open
//! definition, a changed BASE, junk on the stack) therefore never spoils a
//! check, and nothing the learner's code does can stop the checker.
//!
//! The REPL's side of the course (which lesson is open, what has passed,
//! the progress file, the session to replay) is `Course`, kept in the
//! machine; the words `learn`, `lessons`, `check`, `hint`, `solution` and
//! `next-lesson` (`words/course.rs`) drive it.

use crate::host::{Interrupt, Tutor};
use crate::io::ScriptedConsole;
use crate::kernel::Forth;
use crate::system::Outcome;
use std::cell::RefCell;
use std::collections::{BTreeSet, VecDeque};
use std::fmt;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::rc::Rc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, mpsc};
use std::time::Duration;

/// The built-in course: docs/lessons/*.md, in order, compiled into the
/// binary so installed copies have them (a test holds this list to the
/// folder).
pub static BUILTIN: &[(&str, &str)] = &[
    (
        "01-first-steps.md",
        text_in_section!(
            ".rodata.cold",
            include_str!("../docs/lessons/01-first-steps.md")
        ),
    ),
    (
        "02-stack-words.md",
        text_in_section!(
            ".rodata.cold",
            include_str!("../docs/lessons/02-stack-words.md")
        ),
    ),
    (
        "03-defining-words.md",
        text_in_section!(
            ".rodata.cold",
            include_str!("../docs/lessons/03-defining-words.md")
        ),
    ),
    (
        "04-conditionals.md",
        text_in_section!(
            ".rodata.cold",
            include_str!("../docs/lessons/04-conditionals.md")
        ),
    ),
    (
        "05-counted-loops.md",
        text_in_section!(
            ".rodata.cold",
            include_str!("../docs/lessons/05-counted-loops.md")
        ),
    ),
    (
        "06-begin-until.md",
        text_in_section!(
            ".rodata.cold",
            include_str!("../docs/lessons/06-begin-until.md")
        ),
    ),
    (
        "07-variables.md",
        text_in_section!(
            ".rodata.cold",
            include_str!("../docs/lessons/07-variables.md")
        ),
    ),
    (
        "08-strings.md",
        text_in_section!(
            ".rodata.cold",
            include_str!("../docs/lessons/08-strings.md")
        ),
    ),
    (
        "09-recursion.md",
        text_in_section!(
            ".rodata.cold",
            include_str!("../docs/lessons/09-recursion.md")
        ),
    ),
    (
        "10-random-and-games.md",
        text_in_section!(
            ".rodata.cold",
            include_str!("../docs/lessons/10-random-and-games.md")
        ),
    ),
    (
        "11-a-game-round.md",
        text_in_section!(
            ".rodata.cold",
            include_str!("../docs/lessons/11-a-game-round.md")
        ),
    ),
    (
        "12-guessing-game.md",
        text_in_section!(
            ".rodata.cold",
            include_str!("../docs/lessons/12-guessing-game.md")
        ),
    ),
];

/// How long one check may run (loading the learner's code included)
/// before it counts as an endless loop.
pub const TIME_LIMIT: Duration = Duration::from_secs(5);

/// The most a check may print: a runaway loop of `.` stops here.
const MAX_PRINTED: usize = 64 * 1024;

/// Every check starts the random generator from this seed, so checks of
/// words that use `choose` repeat exactly.
const CHECK_SEED: u64 = 2012;

/// One lesson, as its file gives it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lesson {
    /// The file's name without the order prefix and `.md`: `learn NAME`.
    pub name: String,
    pub title: String,
    pub explanation: String,
    pub exercise: String,
    /// Forth code loaded after the learner's, before every check.
    pub helpers: String,
    pub checks: Vec<Check>,
    pub hint: String,
    /// The reference answer (`cargo test` checks it passes).
    pub answer: String,
}

/// One check: Forth input, then what should be on the stack and, when
/// given, what it should print.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Check {
    pub input: String,
    /// The whole stack afterwards, bottom first (empty when not given).
    pub stack: Vec<i64>,
    /// The expected output, compared with spaces and line breaks
    /// squeezed; `None` leaves the output unchecked.
    pub prints: Option<String>,
    /// What it tests, from a `\\ ` comment line right above it: a report
    /// shows this in place of the input (which may run the lesson's
    /// helpers or words the lesson did not teach).
    pub about: Option<String>,
}

/// A lesson file that cannot be read: where and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LessonError {
    pub file: String,
    /// 1-based; 0 when the error is about the whole file.
    pub line: usize,
    pub message: String,
}

impl fmt::Display for LessonError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line > 0 {
            write!(f, "{}:{}: {}", self.file, self.line, self.message)
        } else {
            write!(f, "{}: {}", self.file, self.message)
        }
    }
}

/// The sections a lesson may have after its title and explanation.
const SECTIONS: &[&str] = &["exercise", "checks", "hint", "answer", "helpers"];

/// A lesson's name from its file name: `03-defining-words.md` is
/// `defining-words`.
pub fn lesson_name(file_name: &str) -> String {
    let stem = file_name.strip_suffix(".md").unwrap_or(file_name);
    let rest = stem.trim_start_matches(|c: char| c.is_ascii_digit());
    let rest = rest.strip_prefix(['-', '_']).unwrap_or(rest);
    if rest.is_empty() { stem } else { rest }.to_string()
}

impl Lesson {
    /// Read a lesson from its Markdown text; `file` names it in errors.
    pub fn parse(file: &str, text: &str) -> Result<Lesson, LessonError> {
        let err = |line: usize, message: String| LessonError {
            file: file.to_string(),
            line,
            message,
        };
        // An editor may have put a byte-order mark first.
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let mut lines = text
            .lines()
            .enumerate()
            .skip_while(|(_, l)| l.trim().is_empty());
        let title = match lines.next() {
            Some((_, l)) if l.starts_with("# ") => l[2..].trim().to_string(),
            Some((i, _)) => {
                return Err(err(
                    i + 1,
                    "a lesson starts with its title: `# Title`".into(),
                ));
            }
            None => return Err(err(0, "the file is empty".into())),
        };
        // Section name -> (line of its heading, its text).
        let mut explanation = String::new();
        let mut sections: Vec<(&str, usize, String)> = Vec::new();
        for (i, line) in lines {
            if let Some(heading) = line.strip_prefix("## ") {
                let name = heading.trim().to_ascii_lowercase();
                let Some(&known) = SECTIONS.iter().find(|s| **s == name) else {
                    return Err(err(
                        i + 1,
                        format!(
                            "unknown section `## {}`: a lesson has ## Exercise, ## Checks, ## Hint and ## Answer, and may have ## Helpers",
                            heading.trim()
                        ),
                    ));
                };
                if sections.iter().any(|(s, _, _)| *s == known) {
                    return Err(err(
                        i + 1,
                        format!("a second `## {}` section", heading.trim()),
                    ));
                }
                sections.push((known, i + 1, String::new()));
                continue;
            }
            let body = match sections.last_mut() {
                Some((_, _, body)) => body,
                None => &mut explanation,
            };
            body.push_str(line);
            body.push('\n');
        }
        let section = |name: &str| sections.iter().find(|(s, _, _)| *s == name);
        let text_of = |name: &str| section(name).map(|(_, _, t)| tidy(t)).unwrap_or_default();
        for needed in ["exercise", "checks", "answer"] {
            if section(needed).is_none() {
                let mut heading = needed.to_string();
                heading[..1].make_ascii_uppercase();
                return Err(err(0, format!("the lesson has no `## {heading}` section")));
            }
        }
        let mut checks = Vec::new();
        if let Some((_, at, body)) = section("checks") {
            // A comment line right above a check says what it tests.
            let mut about: Option<String> = None;
            for (k, line) in body.lines().enumerate() {
                let line = line.trim();
                if let Some(text) = line.strip_prefix("\\ ") {
                    about = Some(text.trim().to_string()).filter(|t| !t.is_empty());
                    continue;
                }
                if line.is_empty() || line.starts_with("```") || line == "\\" {
                    about = None;
                    continue;
                }
                let mut check = parse_check(line).map_err(|m| err(at + 1 + k, m))?;
                check.about = about.take();
                checks.push(check);
            }
            if checks.is_empty() {
                return Err(err(*at, "`## Checks` holds no check".into()));
            }
        }
        Ok(Lesson {
            name: lesson_name(file.rsplit('/').next().unwrap_or(file)),
            title,
            explanation: tidy(&explanation),
            exercise: text_of("exercise"),
            helpers: code_of(&text_of("helpers")),
            checks,
            hint: text_of("hint"),
            answer: code_of(&text_of("answer")),
        })
    }

    /// The lesson as the REPL shows it: title, explanation, exercise, and
    /// the commands.
    pub fn show(&self, number: usize, count: usize) -> String {
        let head = format!("Lesson {number} of {count}: {}", self.title);
        let mut s = format!("{head}\n{}\n\n", "=".repeat(head.chars().count()));
        s.push_str(&for_terminal(&self.explanation));
        s.push_str("\n\nExercise\n--------\n");
        s.push_str(&for_terminal(&self.exercise));
        s.push_str(
            "\n\nType your word, then `check` to test it. `hint` gives a hint, `solution`\n\
             shows one answer, `next-lesson` goes on, `lessons` lists them all.\n",
        );
        s
    }
}

/// A section's text without blank lines around it.
fn tidy(text: &str) -> String {
    let lines: Vec<&str> = text.lines().collect();
    let start = lines.iter().position(|l| !l.trim().is_empty());
    let end = lines.iter().rposition(|l| !l.trim().is_empty());
    match (start, end) {
        (Some(a), Some(b)) => lines[a..=b].join("\n"),
        _ => String::new(),
    }
}

/// Code sections may be fenced (```forth ... ```) so they read well on
/// the web: the fences are dropped.
fn code_of(text: &str) -> String {
    text.lines()
        .filter(|l| !l.trim_start().starts_with("```"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// Markdown for the terminal: fenced code is indented instead of fenced.
fn for_terminal(text: &str) -> String {
    let mut out = Vec::new();
    let mut fenced = false;
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
        } else if fenced {
            out.push(format!("    {line}"));
        } else {
            out.push(line.to_string());
        }
    }
    out.join("\n")
}

/// Where `marker` starts in `line` as a word of its own (after a blank).
fn find_marker(line: &str, marker: &str) -> Option<usize> {
    line.match_indices(marker)
        .map(|(i, _)| i)
        .find(|&i| i > 0 && line[..i].ends_with([' ', '\t']))
}

/// `INPUT [stack: N ...] [prints: TEXT]`
fn parse_check(line: &str) -> Result<Check, String> {
    let (rest, prints) = match find_marker(line, "prints:") {
        Some(i) => {
            let text = line[i + "prints:".len()..].trim();
            let text = text
                .strip_prefix('"')
                .and_then(|t| t.strip_suffix('"'))
                .unwrap_or(text);
            (&line[..i], Some(text.to_string()))
        }
        None => (line, None),
    };
    let (input, stack) = match find_marker(rest, "stack:") {
        Some(i) => {
            let mut cells = Vec::new();
            for t in rest[i + "stack:".len()..].split_whitespace() {
                cells.push(match t.to_ascii_lowercase().as_str() {
                    "true" => -1,
                    "false" => 0,
                    _ => t.parse::<i64>().map_err(|_| {
                        format!("`stack:` takes numbers (or true and false), not `{t}`")
                    })?,
                });
            }
            (&rest[..i], Some(cells))
        }
        None => (rest, None),
    };
    if stack.is_none() && prints.is_none() {
        return Err(
            "a check is Forth input followed by `stack:` and the numbers it leaves, or `prints:` and the text it prints"
                .into(),
        );
    }
    let input = input.trim();
    if input.is_empty() {
        return Err("a check needs Forth input before `stack:` or `prints:`".into());
    }
    Ok(Check {
        input: input.to_string(),
        stack: stack.unwrap_or_default(),
        about: None,
        prints,
    })
}

/// The built-in lessons, in order.
pub fn builtin() -> Vec<Lesson> {
    // The built-in files are tested to parse; one that did not would be
    // left out rather than stop the REPL.
    BUILTIN
        .iter()
        .filter_map(|(file, text)| Lesson::parse(file, text).ok())
        .collect()
}

/// Read one lesson file.
pub fn load_file(path: &Path) -> Result<Lesson, LessonError> {
    let shown = path.display().to_string();
    let text = std::fs::read_to_string(path).map_err(|e| LessonError {
        file: shown.clone(),
        line: 0,
        message: format!("cannot read it: {e}"),
    })?;
    Lesson::parse(&shown, &text)
}

/// A teacher's course: every `*.md` file of `dir`, in file-name order.
pub fn load_dir(dir: &Path) -> Result<Vec<Lesson>, LessonError> {
    dir_texts(dir)?
        .iter()
        .map(|(path, text)| Lesson::parse(&path.display().to_string(), text))
        .collect()
}

/// The files of a teacher's course, as `load_dir` reads them: every
/// `*.md` file of `dir`, in file-name order, with its text (a server
/// passes the texts on to its sessions, which cannot read the folder).
pub fn dir_texts(dir: &Path) -> Result<Vec<(PathBuf, String)>, LessonError> {
    let shown = dir.display().to_string();
    let entries = std::fs::read_dir(dir).map_err(|e| LessonError {
        file: shown.clone(),
        line: 0,
        message: format!("cannot read the lesson folder: {e}"),
    })?;
    let mut files: Vec<PathBuf> = entries
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "md") && p.is_file())
        .collect();
    files.sort();
    if files.is_empty() {
        return Err(LessonError {
            file: shown,
            line: 0,
            message: "the lesson folder holds no .md file".into(),
        });
    }
    files
        .into_iter()
        .map(|path| {
            let text = std::fs::read_to_string(&path).map_err(|e| LessonError {
                file: path.display().to_string(),
                line: 0,
                message: format!("cannot read it: {e}"),
            })?;
            Ok((path, text))
        })
        .collect()
}

/// A lesson by number (from 1) or name.
pub fn find(lessons: &[Lesson], which: &str) -> Option<usize> {
    match which.parse::<usize>() {
        Ok(n) => (1..=lessons.len()).contains(&n).then(|| n - 1),
        Err(_) => {
            let which = which.to_ascii_lowercase();
            let exact = lessons
                .iter()
                .position(|l| l.name.eq_ignore_ascii_case(&which));
            // Else a single lesson whose name starts with it or has it as a
            // part: `learn loops` opens `counted-loops`.
            let near: Vec<usize> = (0..lessons.len())
                .filter(|&i| {
                    let name = lessons[i].name.to_ascii_lowercase();
                    name.starts_with(&which) || name.split('-').any(|part| part == which)
                })
                .collect();
            exact.or(match near.as_slice() {
                [one] if !which.is_empty() => Some(*one),
                _ => None,
            })
        }
    }
}

// ---- checking an answer ----

/// The learner's code to check.
#[derive(Clone, Copy, Debug)]
pub enum Answer<'a> {
    /// A file of Forth source (`playforth --check`).
    File(&'a Path),
    /// Forth source given as text, named in error reports.
    Text { name: &'a str, code: &'a str },
    /// What was typed at the REPL, replayed input by input; errors are
    /// not reported again (the learner saw them). `before` is what was
    /// typed before the lesson was opened: the words it defined that hide
    /// a built-in word (`3 constant Stone`) are taken out of the search
    /// before the lesson's own inputs, `lesson`, are replayed, so an
    /// earlier, unrelated line never fails the lesson's checks (words that
    /// were compiled to use them keep working).
    Session {
        before: &'a [Typed],
        lesson: &'a [Typed],
    },
}

/// One input typed at the REPL, for a check to replay.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Typed {
    pub text: String,
    /// The learner stopped it with Ctrl-C (an endless loop, a long wait):
    /// replayed, it gets a moment (what it defined before the loop is
    /// kept), then it is stopped again.
    pub interrupted: bool,
}

impl Typed {
    pub fn new(text: &str) -> Typed {
        Typed {
            text: text.to_string(),
            interrupted: false,
        }
    }
}

/// How long a replayed input that was stopped with Ctrl-C may run.
const INTERRUPTED_REPLAY: Duration = Duration::from_millis(200);

/// What one check gave.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CheckResult {
    pub input: String,
    /// What the check tests, shown in place of the input when given.
    pub about: Option<String>,
    pub expected: String,
    pub got: String,
    pub passed: bool,
}

/// The checker's report on one answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report {
    pub title: String,
    /// The error the learner's code stopped with while loading, if any.
    pub load_error: Option<String>,
    pub results: Vec<CheckResult>,
    pub hint: String,
    /// Ctrl-C stopped the checking.
    pub interrupted: bool,
}

impl Report {
    pub fn passed(&self) -> bool {
        !self.interrupted && self.results.iter().all(|r| r.passed)
    }
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "Checking: {}", self.title)?;
        if let Some(e) = &self.load_error {
            writeln!(
                f,
                "  Your code stopped with an error (the checks use what was defined before it):"
            )?;
            writeln!(f, "{}", indent(e, "    "))?;
        }
        for r in &self.results {
            let what = r.about.as_deref().unwrap_or(&r.input);
            if r.passed {
                writeln!(f, "  ✓ {what}   ({})", r.expected)?;
            } else {
                writeln!(f, "  ✗ {what}")?;
                writeln!(f, "      expected  {}", r.expected)?;
                let got = indent(&r.got, "                ");
                writeln!(f, "      came out  {}", got.trim_start())?;
            }
        }
        if self.interrupted {
            return writeln!(f, "Checking stopped (Ctrl-C).");
        }
        let failed = self.results.iter().filter(|r| !r.passed).count();
        let n = self.results.len();
        if failed == 0 {
            writeln!(f, "All {n} checks pass.")
        } else {
            writeln!(f, "{} of {n} checks pass.", n - failed)?;
            if !self.hint.is_empty() {
                writeln!(f, "Hint:\n{}", indent(&for_terminal(&self.hint), "  "))?;
            }
            Ok(())
        }
    }
}

fn indent(text: &str, by: &str) -> String {
    text.lines()
        .map(|l| format!("{by}{l}"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// What a check expects, as the report shows it.
fn expectation(stack: &[i64], prints: Option<&str>) -> String {
    let cells: Vec<String> = stack.iter().map(|n| n.to_string()).collect();
    let stack = if cells.is_empty() {
        "stack empty".to_string()
    } else {
        format!("stack: {}", cells.join(" "))
    };
    match prints {
        Some(p) => format!("prints \"{p}\", {stack}"),
        None => stack,
    }
}

/// Spaces and line breaks count as one space.
fn squeeze(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// At most this many characters of output are shown in a report.
const SHOWN_OUTPUT: usize = 160;

/// Output as a report shows it: squeezed, and cut short when long.
fn shown(printed: &str) -> String {
    let s = squeeze(printed);
    match s.char_indices().nth(SHOWN_OUTPUT) {
        Some((cut, _)) => format!("{}…", &s[..cut]),
        None => s,
    }
}

/// Output captured from a check, refusing more than [`MAX_PRINTED`].
#[derive(Clone, Default)]
struct Capture(Rc<RefCell<Vec<u8>>>);

impl Capture {
    fn take(&self) -> String {
        String::from_utf8_lossy(&std::mem::take(&mut *self.0.borrow_mut())).into_owned()
    }
}

impl Write for Capture {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let mut v = self.0.borrow_mut();
        if v.len() + buf.len() > MAX_PRINTED {
            return Err(std::io::Error::other(format!(
                "it printed more than {} KiB",
                MAX_PRINTED / 1024
            )));
        }
        v.extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// Run `work`, raising `irq` if it takes longer than `limit`. True when
/// the time ran out.
fn with_time_limit<T>(
    irq: &Interrupt,
    limit: Option<Duration>,
    work: impl FnOnce() -> T,
) -> (T, bool) {
    let Some(limit) = limit else {
        return (work(), false);
    };
    let fired = Arc::new(AtomicBool::new(false));
    let (done, wait) = mpsc::channel::<()>();
    let watch = {
        let fired = fired.clone();
        let irq = irq.clone();
        std::thread::spawn(move || {
            if let Err(mpsc::RecvTimeoutError::Timeout) = wait.recv_timeout(limit) {
                fired.store(true, Ordering::SeqCst);
                irq.raise();
            }
        })
    };
    let r = work();
    drop(done);
    let _ = watch.join();
    let fired = fired.load(Ordering::SeqCst);
    if fired {
        // Fired as the work ended: the flag must not stop what comes next.
        irq.clear();
    }
    (r, fired)
}

/// A fresh system for one check: output captured, no keys to read, the
/// course words quiet, the generator seeded.
fn fresh_system(irq: &Interrupt) -> (Forth, Capture) {
    let out = Capture::default();
    let mut f = Forth::with_io(
        Box::new(out.clone()),
        Box::new(std::io::sink()),
        Box::new(ScriptedConsole::new(b"")),
    );
    // Ctrl-C (or the time limit) stops the check; its words are quiet and
    // its waits end at once.
    f.set_interrupt(irq.clone());
    f.set_tutor(None);
    f.set_clock(Box::new(crate::host::NoWaitClock));
    f.set_seed(CHECK_SEED);
    (f, out)
}

/// Load the learner's code into a fresh system: the error it stopped
/// with, if any.
fn load(f: &mut Forth, the_lesson: &Lesson, answer: &Answer) -> Option<String> {
    match answer {
        Answer::File(path) => match f.run_file(&path.to_string_lossy()) {
            Err(e) => Some(e.to_string()),
            Ok(Outcome::Bye(_)) => {
                Some("your code ran `bye`: what comes after it was not loaded".into())
            }
            Ok(Outcome::Continue) => None,
        },
        Answer::Text { name, code } => match f.run_code(name, code) {
            Err(e) => Some(e.to_string()),
            Ok(Outcome::Bye(_)) => {
                Some("your code ran `bye`: what comes after it was not loaded".into())
            }
            Ok(Outcome::Continue) => None,
        },
        Answer::Session { before, lesson } => {
            if replay(f, before) {
                // What the lesson asks for stays, whatever its name.
                let asked = defined_names(&the_lesson.answer);
                f.vm.dict
                    .hide_user_words_over_builtins(&|name| asked.iter().any(|a| a == name));
                replay(f, lesson);
            }
            None
        }
    }
}

/// Replay inputs typed at the REPL; false if Ctrl-C stopped it.
fn replay(f: &mut Forth, inputs: &[Typed]) -> bool {
    for input in inputs {
        if input.interrupted {
            let irq = f.interrupt();
            let _ = with_time_limit(&irq, Some(INTERRUPTED_REPLAY), || {
                f.interpret_input(&input.text)
            });
            continue;
        }
        let _ = f.interpret_input(&input.text);
        if f.interrupt().is_raised() {
            return false;
        }
    }
    true
}

/// The names `code` defines (lower-cased): each word after `:` or one of
/// the defining words a lesson uses.
fn defined_names(code: &str) -> Vec<String> {
    const DEFINING: &[&str] = &[
        ":",
        "constant",
        "variable",
        "value",
        "create",
        "defer",
        "2constant",
        "2variable",
        "fconstant",
        "fvariable",
    ];
    let words: Vec<String> = code
        .split_whitespace()
        .map(str::to_ascii_lowercase)
        .collect();
    words
        .windows(2)
        .filter(|w| DEFINING.contains(&w[0].as_str()))
        .map(|w| w[1].clone())
        .collect()
}

/// How one check's run ended.
enum Run {
    Done(String, Vec<i64>),
    Failed(String),
    TooLong,
    Interrupted,
}

fn run_check(
    lesson: &Lesson,
    answer: &Answer,
    check: &Check,
    limit: Option<Duration>,
    irq: &Interrupt,
) -> (Run, Option<String>) {
    let ((run, load_error), too_long) = with_time_limit(irq, limit, || {
        let (mut f, out) = fresh_system(irq);
        let load_error = load(&mut f, lesson, answer);
        // Whatever the learner left open or changed, the check starts clean.
        f.reset_after_error();
        let _ = f.vm.mem.set_cell(crate::memory::BASE_ADDR as i64, 10);
        if !lesson.helpers.trim().is_empty()
            && let Err(e) = f.run_code("helpers", &lesson.helpers)
            && e.code != crate::throw::USER_INTERRUPT.0
        {
            return (
                Run::Failed(format!("the lesson's helpers failed:\n{e}")),
                load_error,
            );
        }
        f.reset_after_error();
        out.take();
        let run = match f.run_code("check", &check.input) {
            Ok(Outcome::Continue) => Run::Done(out.take(), f.stack().to_vec()),
            Ok(Outcome::Bye(_)) => Run::Failed("it ran `bye`".into()),
            Err(e) if e.code == crate::throw::USER_INTERRUPT.0 => Run::Interrupted,
            Err(e) => {
                let printed = out.take();
                if printed.trim().is_empty() {
                    Run::Failed(e.to_string())
                } else {
                    Run::Failed(format!("prints \"{}\", then\n{e}", shown(&printed)))
                }
            }
        };
        (run, load_error)
    });
    if too_long {
        return (Run::TooLong, load_error);
    }
    (run, load_error)
}

/// Check an answer against a lesson. Each check gets a fresh system (see
/// the module's notes) and at most `limit` to run, when given.
pub fn check(lesson: &Lesson, answer: &Answer, limit: Option<Duration>) -> Report {
    check_with(lesson, answer, limit, &Interrupt::new())
}

/// [`check`], stopped by `irq` (the host's Ctrl-C) as well as by the limit.
pub fn check_with(
    lesson: &Lesson,
    answer: &Answer,
    limit: Option<Duration>,
    irq: &Interrupt,
) -> Report {
    let mut report = Report {
        title: lesson.title.clone(),
        load_error: None,
        results: Vec::new(),
        hint: lesson.hint.clone(),
        interrupted: false,
    };
    let mut limit = limit;
    for (k, c) in lesson.checks.iter().enumerate() {
        let expected = expectation(&c.stack, c.prints.as_deref());
        let (run, load_error) = run_check(lesson, answer, c, limit, irq);
        if k == 0 {
            report.load_error = load_error;
        }
        let (got, passed) = match run {
            Run::Done(printed, stack) => {
                let passed = stack == c.stack
                    && c.prints
                        .as_ref()
                        .is_none_or(|p| squeeze(p) == squeeze(&printed));
                let printed = shown(&printed);
                let printed = c.prints.as_ref().map(|_| printed.as_str());
                (expectation(&stack, printed), passed)
            }
            Run::Failed(why) => (why, false),
            Run::TooLong => {
                let waited = limit.unwrap_or_default().as_secs();
                // One endless loop is enough to wait for in full.
                limit = limit.map(|l| l.min(Duration::from_secs(1)));
                (
                    format!(
                        "nothing: it was still running after {waited} s (a loop that never ends?)"
                    ),
                    false,
                )
            }
            Run::Interrupted => {
                report.interrupted = true;
                break;
            }
        };
        report.results.push(CheckResult {
            input: c.input.clone(),
            about: c.about.clone(),
            expected,
            got,
            passed,
        });
    }
    report
}

// ---- the course in the REPL ----

/// The most session text kept for checking: the oldest inputs go first.
const MAX_SESSION_BYTES: usize = 1 << 20;

/// The course as one learner follows it: the lessons, where they are,
/// what has passed, where that is saved, and the session typed so far.
#[derive(Default)]
pub struct Course {
    /// None until first used: then the built-in lessons.
    lessons: Option<Vec<Lesson>>,
    current: Option<usize>,
    /// Names of the lessons whose checks have passed.
    passed: BTreeSet<String>,
    progress_file: Option<PathBuf>,
    session: VecDeque<Typed>,
    session_bytes: usize,
    /// Inputs recorded since the start, the dropped oldest ones too.
    recorded: usize,
    /// How many inputs had been recorded when the open lesson was opened
    /// in this session (None: it was opened in an earlier session).
    lesson_from: Option<usize>,
    /// The Ctrl-C of the system the course serves: it stops a check too.
    interrupt: Interrupt,
    /// The lesson and report of the last `check` (for a host that keeps
    /// a class's results).
    last_check: Option<(String, Report)>,
}

impl Course {
    /// The built-in lessons, nothing passed yet, progress kept in memory.
    pub fn new() -> Course {
        Course::default()
    }

    /// Follow a teacher's lessons instead of the built-in ones.
    pub fn set_lessons(&mut self, lessons: Vec<Lesson>) {
        self.lessons = Some(lessons);
        self.current = None;
    }

    /// Keep the learner's progress in `path` (read now, written as it
    /// changes).
    pub fn set_progress_file(&mut self, path: PathBuf) {
        self.progress_file = Some(path);
        self.load_progress();
    }

    /// Start from progress kept elsewhere (a class's database): the
    /// lesson open and the lessons passed, by name. Names no lesson has
    /// are ignored.
    pub fn set_progress<I: IntoIterator<Item = String>>(
        &mut self,
        current: Option<&str>,
        passed: I,
    ) {
        let lessons = self.lessons();
        let current = current.and_then(|n| lessons.iter().position(|l| l.name == n));
        self.current = current;
        self.passed = passed.into_iter().collect();
    }

    /// The name of the lesson open, if one is.
    pub fn current_lesson(&mut self) -> Option<String> {
        let i = self.current?;
        self.lessons().get(i).map(|l| l.name.clone())
    }

    /// The lessons followed (the built-in ones unless set).
    pub fn lesson_list(&mut self) -> &[Lesson] {
        self.lessons()
    }

    /// The lesson and report of the last `check`, taken (None if no check
    /// ran since).
    pub fn take_last_check(&mut self) -> Option<(String, Report)> {
        self.last_check.take()
    }
}

impl Tutor for Course {
    fn learn(&mut self, which: Option<&str>) -> Result<String, String> {
        Course::learn(self, which)
    }
    fn list(&mut self) -> String {
        Course::list(self)
    }
    fn check(&mut self) -> String {
        Course::check(self)
    }
    fn hint(&mut self) -> String {
        Course::hint(self)
    }
    fn solution(&mut self) -> String {
        Course::solution(self)
    }
    fn next(&mut self) -> String {
        Course::next(self)
    }
    fn record(&mut self, input: &str) {
        Course::record(self, input)
    }
    fn mark_interrupted(&mut self) {
        Course::mark_interrupted(self)
    }
    fn forget_last(&mut self, n: usize) {
        for _ in 0..n {
            match self.session.pop_back() {
                Some(old) => {
                    self.session_bytes -= old.text.len();
                    // Taken back as if never typed: where the open lesson's
                    // inputs start is counted in recorded inputs.
                    self.recorded -= 1;
                }
                None => break,
            }
        }
        if let Some(from) = &mut self.lesson_from {
            *from = (*from).min(self.recorded);
        }
    }
    fn attach_interrupt(&mut self, irq: Interrupt) {
        self.interrupt = irq;
    }
}

impl Course {
    fn lessons(&mut self) -> &[Lesson] {
        self.lessons.get_or_insert_with(builtin)
    }

    /// Remember an input typed at the REPL, for checks to replay.
    fn record(&mut self, input: &str) {
        self.session.push_back(Typed::new(input));
        self.session_bytes += input.len();
        self.recorded += 1;
        while self.session_bytes > MAX_SESSION_BYTES {
            match self.session.pop_front() {
                Some(old) => self.session_bytes -= old.text.len(),
                None => break,
            }
        }
    }

    /// The input recorded last was stopped with Ctrl-C.
    fn mark_interrupted(&mut self) {
        if let Some(last) = self.session.back_mut() {
            last.interrupted = true;
        }
    }

    /// Read saved progress; a missing or damaged file is a fresh start.
    fn load_progress(&mut self) {
        let Some(path) = &self.progress_file else {
            return;
        };
        // Only a regular file of sensible size: a named pipe would wait
        // for a writer, a device such as /dev/zero never ends.
        let regular = std::fs::metadata(path).is_ok_and(|m| m.is_file() && m.len() <= 1 << 20);
        let text = if regular {
            std::fs::read_to_string(path).unwrap_or_default()
        } else {
            String::new()
        };
        let mut current = None;
        let mut passed = BTreeSet::new();
        for line in text.lines() {
            match line.split_once(' ') {
                Some(("current", name)) => current = Some(name.trim().to_string()),
                Some(("passed", name)) => {
                    passed.insert(name.trim().to_string());
                }
                _ => {}
            }
        }
        let lessons = self.lessons();
        self.current = current.and_then(|n| lessons.iter().position(|l| l.name == n));
        self.passed = passed;
    }

    /// Save progress; failing to is not worth stopping the lesson for.
    fn save_progress(&mut self) {
        let Some(path) = self.progress_file.clone() else {
            return;
        };
        let mut text =
            String::from("# playforth course progress: the lesson open, the lessons passed\n");
        if let Some(i) = self.current {
            text.push_str(&format!("current {}\n", self.lessons()[i].name));
        }
        for name in &self.passed {
            text.push_str(&format!("passed {name}\n"));
        }
        if let Some(dir) = path.parent() {
            let _ = std::fs::create_dir_all(dir);
        }
        // Never into something that is not a regular file (writing a
        // named pipe waits for a reader).
        if crate::io::not_a_regular_file(&path).is_none() {
            let _ = std::fs::write(path, text);
        }
    }

    fn open(&mut self, i: usize) -> String {
        self.current = Some(i);
        // The input that opened it (recorded before it ran) counts as before.
        self.lesson_from = Some(self.recorded);
        self.save_progress();
        let count = self.lessons().len();
        self.lessons()[i].show(i + 1, count)
    }

    /// `learn` and `learn WHICH`.
    fn learn(&mut self, which: Option<&str>) -> Result<String, String> {
        let count = self.lessons().len();
        if count == 0 {
            return Err("there are no lessons".into());
        }
        let i = match which {
            None => self.current.unwrap_or(0),
            Some(w) => find(self.lessons(), w).ok_or_else(|| match w.parse::<i64>() {
                Ok(_) => format!("there are lessons 1 to {count}: `lessons` lists them"),
                Err(_) => format!("no lesson is called `{w}`: `lessons` lists them"),
            })?,
        };
        Ok(self.open(i))
    }

    /// `lessons`
    fn list(&mut self) -> String {
        let current = self.current;
        let passed = self.passed.clone();
        let mut s = String::new();
        for (i, l) in self.lessons().iter().enumerate() {
            let mark = if passed.contains(&l.name) { "✓" } else { " " };
            let here = if current == Some(i) { "→" } else { " " };
            s.push_str(&format!("{here}{mark} {:2}  {}\n", i + 1, l.title));
        }
        s.push_str("`learn N` opens lesson N; ✓ marks the lessons whose checks pass.\n");
        s
    }

    fn lesson(&mut self) -> Option<&Lesson> {
        let i = self.current?;
        self.lessons().get(i)
    }

    const NO_LESSON: &str = "No lesson is open: `learn` starts the course.\n";

    /// `hint`
    fn hint(&mut self) -> String {
        match self.lesson() {
            Some(l) if l.hint.is_empty() => {
                "This lesson has no hint: read the exercise again, one step at a time.\n".into()
            }
            Some(l) => format!("Hint:\n{}\n", indent(&for_terminal(&l.hint), "  ")),
            None => Self::NO_LESSON.into(),
        }
    }

    /// `solution`
    fn solution(&mut self) -> String {
        match self.lesson() {
            Some(l) => format!(
                "One answer (yours may differ and still pass):\n{}\n",
                indent(&l.answer, "    ")
            ),
            None => Self::NO_LESSON.into(),
        }
    }

    /// `next-lesson`
    fn next(&mut self) -> String {
        let count = self.lessons().len();
        match self.current {
            None => Self::NO_LESSON.into(),
            Some(i) if i + 1 >= count => {
                let names: Vec<String> = self.lessons().iter().map(|l| l.name.clone()).collect();
                match names.iter().filter(|n| !self.passed.contains(*n)).count() {
                    0 => "That was the last lesson, and every lesson is passed. Well done! \
                          The games in examples/ are next: `help` names them.\n"
                        .into(),
                    1 => "That was the last lesson. One lesson is not passed yet: \
                          `lessons` shows which, `learn N` opens it.\n"
                        .into(),
                    left => format!(
                        "That was the last lesson. {left} lessons are not passed yet: \
                         `lessons` shows which, `learn N` opens one.\n"
                    ),
                }
            }
            Some(i) => self.open(i + 1),
        }
    }

    /// `check`: the report, with a word on what to do next.
    fn check(&mut self) -> String {
        let Some(i) = self.current else {
            return Self::NO_LESSON.into();
        };
        let session: Vec<Typed> = self.session.iter().cloned().collect();
        // Where the lesson's inputs start in what is kept of the session.
        let dropped = self.recorded - self.session.len();
        let from = self.lesson_from.map_or(0, |n| n.saturating_sub(dropped));
        let (before, during) = session.split_at(from.min(session.len()));
        let lesson = self.lessons()[i].clone();
        let irq = self.interrupt.clone();
        let answer = Answer::Session {
            before,
            lesson: during,
        };
        let report = check_with(&lesson, &answer, Some(TIME_LIMIT), &irq);
        let mut s = report.to_string();
        self.last_check = Some((lesson.name.clone(), report.clone()));
        if report.passed() {
            self.passed.insert(lesson.name.clone());
            self.save_progress();
            let count = self.lessons().len();
            if i + 1 < count {
                s.push_str(&format!(
                    "Well done! `next-lesson` goes on to lesson {}: {}.\n",
                    i + 2,
                    self.lessons()[i + 1].title
                ));
            } else {
                s.push_str("Well done: that was the last lesson!\n");
            }
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const LESSON: &str = "# Squares\n\nMultiply.\n\n## Exercise\nDefine `square`.\n\n## Checks\n```forth\n3 square  stack: 9\n\\ a comment\n-4 square .  prints: 16\n```\n\n## Hint\nUse `dup`.\n\n## Answer\n```forth\n: square ( n -- n*n ) dup * ;\n```\n";

    #[test]
    fn a_lesson_file_parses() {
        let l = Lesson::parse("docs/lessons/07-squares.md", LESSON).unwrap();
        assert_eq!(l.name, "squares");
        assert_eq!(l.title, "Squares");
        assert_eq!(l.explanation, "Multiply.");
        assert_eq!(l.answer, ": square ( n -- n*n ) dup * ;");
        assert_eq!(
            l.checks,
            vec![
                Check {
                    input: "3 square".into(),
                    stack: vec![9],
                    prints: None,
                    about: None
                },
                Check {
                    input: "-4 square .".into(),
                    stack: vec![],
                    prints: Some("16".into()),
                    about: Some("a comment".into())
                },
            ]
        );
    }

    #[test]
    fn broken_lesson_files_say_where() {
        let e = Lesson::parse("x.md", "Squares\n").unwrap_err();
        assert_eq!(
            e.to_string(),
            "x.md:1: a lesson starts with its title: `# Title`"
        );
        let e = Lesson::parse("x.md", &LESSON.replace("## Hint", "## Hnit")).unwrap_err();
        assert!(
            e.to_string()
                .starts_with("x.md:15: unknown section `## Hnit`"),
            "{e}"
        );
        let e = Lesson::parse("x.md", &LESSON.replace("stack: 9", "stack: nine")).unwrap_err();
        assert_eq!(
            e.to_string(),
            "x.md:10: `stack:` takes numbers (or true and false), not `nine`"
        );
        let e = Lesson::parse("x.md", &LESSON.replace("  stack: 9", "")).unwrap_err();
        assert!(
            e.message.starts_with("a check is Forth input followed by"),
            "{e}"
        );
        let e = Lesson::parse("x.md", &LESSON.replace("## Answer", "")).unwrap_err();
        assert_eq!(e.to_string(), "x.md: the lesson has no `## Answer` section");
        assert!(Lesson::parse("x.md", "").is_err());
        let windows = format!("\u{feff}{}", LESSON.replace('\n', "\r\n"));
        assert_eq!(
            Lesson::parse("x.md", &windows),
            Lesson::parse("x.md", LESSON)
        );
    }

    #[test]
    fn names_come_from_file_names() {
        assert_eq!(lesson_name("03-defining-words.md"), "defining-words");
        assert_eq!(lesson_name("loops.md"), "loops");
        assert_eq!(lesson_name("12.md"), "12");
    }

    #[test]
    fn right_and_wrong_answers() {
        let l = Lesson::parse("squares.md", LESSON).unwrap();
        let right = check(
            &l,
            &Answer::Text {
                name: "answer",
                code: &l.answer,
            },
            None,
        );
        assert!(right.passed(), "{right}");
        let wrong = check(
            &l,
            &Answer::Text {
                name: "answer",
                code: ": square dup + ;",
            },
            None,
        );
        assert!(!wrong.passed());
        assert_eq!(wrong.results[0].got, "stack: 6");
        assert_eq!(wrong.results[1].got, "prints \"-8\", stack empty");
        let none = check(
            &l,
            &Answer::Text {
                name: "answer",
                code: "",
            },
            None,
        );
        assert!(none.results[0].got.contains("undefined word"), "{none}");
    }

    #[test]
    fn a_broken_session_does_not_spoil_the_check() {
        let l = Lesson::parse("squares.md", LESSON).unwrap();
        let session: Vec<Typed> = [": square dup * ;", "1 2 3 hex", ": half-made dup", "check"]
            .iter()
            .map(|s| Typed::new(s))
            .collect();
        let r = check(
            &l,
            &Answer::Session {
                before: &[],
                lesson: &session,
            },
            None,
        );
        assert!(r.passed(), "{r}");
    }
}
