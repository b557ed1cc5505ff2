//! The `playforth` command: options, then the script and its arguments,
//! like python. Only this file and the REPL talk to the user directly.
//!
//! Exit statuses, as shells expect: 0 success, 1 an uncaught error, 2 a
//! usage error (clap's, and `--check`'s), 130 when Ctrl-C stopped a
//! script, 141 when the reader of the output went away, and BYE's own.

#![deny(unsafe_code)]

use clap::{CommandFactory, Parser, ValueHint};
use clap_complete::Shell;
use playforth::learn::{self, Lesson, LessonError};
use playforth::{Forth, ForthError, Interrupt, Outcome, cli_docs};
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

mod repl;
#[cfg(target_os = "linux")]
mod serve;

/// A friendly Forth for learning stack programming by playing board games.
///
/// With neither FILE nor -e, playforth starts the REPL on a terminal, or
/// interprets standard input line by line when it is a pipe. Otherwise it
/// runs each -e CODE, then FILE with ARGS as the script's arguments, and
/// exits (-i stays in the REPL). FILE `-` is standard input (then ARGS are
/// its arguments). A FILE whose first line starts with `#!`
/// is a script that runs as a command: `#!/usr/bin/env playforth`.
#[derive(Parser, Debug)]
#[command(
    name = "playforth",
    version,
    override_usage = "playforth [OPTIONS] [FILE [ARGS]...]\n       \
                      playforth [-e CODE]... [--seed N] [-i] [FILE [ARGS]...]\n       \
                      playforth --check LESSON ANSWERS\n       \
                      playforth --completions <SHELL> | --man"
)]
struct Cli {
    /// Evaluate CODE before FILE (repeatable, run in order).
    #[arg(short = 'e', value_name = "CODE")]
    eval: Vec<String>,
    /// Stay in the REPL after running -e code or FILE.
    #[arg(short = 'i')]
    interactive: bool,
    /// Seed the random generator (RANDOM, CHOOSE), making every run repeatable.
    #[arg(long, value_name = "N")]
    seed: Option<u64>,
    /// Trace the word NAME (repeatable): each time it runs, print every step
    /// with the stack after it. The word may be defined later by FILE.
    #[arg(long, value_name = "NAME")]
    trace: Vec<String>,
    /// Let `system` and `sh` run shell commands (refused otherwise).
    #[arg(long)]
    allow_shell: bool,
    /// Draw the games' boards in plain ASCII, without colour or Unicode,
    /// even on a terminal (as they are in a pipe or with NO_COLOR).
    #[arg(long)]
    plain: bool,
    /// Check a learner's answers to a lesson and print the report: LESSON
    /// is a lesson file, or a lesson's number or name in the course;
    /// ANSWERS a file, or a folder of a class's answers (each NAME.fs one
    /// student's: one line each, "NAME  passed n of m"). Exits 0 when every
    /// check passes, 1 when one fails, 2 when the lesson or the answers
    /// cannot be read.
    #[arg(long, num_args = 2, value_names = ["LESSON", "ANSWERS"], value_hint = ValueHint::AnyPath, conflicts_with_all = ["script", "eval", "interactive"])]
    check: Option<Vec<String>>,
    /// With --check: the results as JSON on stdout, for other tools.
    #[arg(long, requires = "check")]
    json: bool,
    /// Follow the lessons in DIR (its *.md files, in name order) instead of
    /// the built-in course; the environment variable PLAYFORTH_LESSONS=DIR
    /// does the same.
    #[arg(long, value_name = "DIR", value_hint = ValueHint::DirPath)]
    lessons: Option<PathBuf>,
    /// Print the completion script for SHELL and exit (see docs/reference.md
    /// for where each shell looks for it).
    #[arg(long, value_name = "SHELL", exclusive = true)]
    completions: Option<Shell>,
    /// Print the manual page (roff) and exit: `playforth --man | man -l -`.
    #[arg(long, exclusive = true)]
    man: bool,
    /// The script to run, then its own arguments (see `argc`, `arg`, `next-arg`).
    #[arg(
        value_name = "FILE [ARGS]...",
        value_hint = ValueHint::FilePath,
        trailing_var_arg = true,
        allow_hyphen_values = true
    )]
    script: Vec<String>,
}

/// Report an error on stderr, in colour when that is a terminal that
/// wants it. If even that fails (stderr closed or full) there is no one
/// left to tell: the exit status still says it failed. True when the
/// report began by ending the output's line.
fn report(e: &ForthError, mid_line: bool) -> bool {
    let stderr = std::io::stderr();
    let end_line = mid_line && same_place();
    if (e.code == USER_INTERRUPT && stderr.is_terminal()) || end_line {
        // After the `^C` the terminal echoed, or after output that did
        // not end its line (`hello` then the error on a line of its own;
        // stdout itself is left as the program wrote it).
        let _ = writeln!(stderr.lock());
    }
    if playforth::colour_wanted(&stderr) {
        let _ = writeln!(stderr.lock(), "{}", repl::paint_report(e));
    } else {
        // One write: stderr is not buffered.
        let report = e.to_string();
        let _ = writeln!(stderr.lock(), "{report}");
    }
    end_line
}

/// The exit status when the reader of our output went away (`| head`):
/// quiet, as a program stopped by SIGPIPE would be.
const OUTPUT_CLOSED: u8 = 141;

/// The exit status after Ctrl-C stopped a script: 128 + SIGINT, as a
/// shell reports a program that Ctrl-C ended.
const INTERRUPTED: u8 = 130;

/// The throw code of Ctrl-C (user interrupt).
const USER_INTERRUPT: i64 = playforth::throw::USER_INTERRUPT.0;

/// Do stdout and stderr go to the same place (one terminal, one pipe, one
/// file), so that what one writes continues the other's line?
fn same_place() -> bool {
    use std::os::unix::fs::MetadataExt;
    match (
        std::fs::metadata("/proc/self/fd/1"),
        std::fs::metadata("/proc/self/fd/2"),
    ) {
        (Ok(a), Ok(b)) => (a.dev(), a.ino(), a.rdev()) == (b.dev(), b.ino(), b.rdev()),
        _ => std::io::stdout().is_terminal() && std::io::stderr().is_terminal(),
    }
}

/// The exit status for an uncaught error: 130 for Ctrl-C, else 1.
fn error_status(e: &ForthError) -> ExitCode {
    ExitCode::from(if e.code == USER_INTERRUPT {
        INTERRUPTED
    } else {
        1
    })
}

/// How a host call ends the program, if it does.
fn finish(forth: &Forth, r: Result<Outcome, ForthError>) -> Option<ExitCode> {
    match r {
        Ok(Outcome::Continue) => None,
        Ok(Outcome::Bye(code)) => Some(ExitCode::from(code as u8)),
        Err(_) if forth.output_closed() => Some(ExitCode::from(OUTPUT_CLOSED)),
        Err(e) => {
            report(&e, forth.output_mid_line());
            Some(error_status(&e))
        }
    }
}

/// Ctrl-C raises a flag that running Forth code checks; it never kills the
/// process. (At the REPL's prompt the line editor reads Ctrl-C as a key.)
fn catch_interrupts(irq: Interrupt) {
    if let Err(e) = ctrlc::set_handler(move || irq.raise()) {
        let _ = writeln!(
            std::io::stderr(),
            "playforth: Ctrl-C cannot be caught ({e}): it will end playforth at once"
        );
    }
}

/// The exit status of a usage error (as clap's own).
const USAGE: u8 = 2;

/// The folder of a teacher's course, when --lessons or PLAYFORTH_LESSONS
/// names one.
fn lessons_dir(cli: &Cli) -> Option<PathBuf> {
    cli.lessons.clone().or_else(|| {
        std::env::var_os("PLAYFORTH_LESSONS")
            .filter(|d| !d.is_empty())
            .map(PathBuf::from)
    })
}

/// A teacher's course, when --lessons or PLAYFORTH_LESSONS names one.
fn teachers_course(cli: &Cli) -> Option<Result<Vec<Lesson>, LessonError>> {
    Some(learn::load_dir(&lessons_dir(cli)?))
}

/// The file a course's progress is kept in, in the data folder: the
/// built-in course's `course-progress`, a teacher's course its own (named
/// after its folder and a hash of the folder's full path), so that
/// following one course never overwrites the place in another.
fn progress_file_name(lessons: Option<&Path>) -> String {
    let Some(dir) = lessons else {
        return "course-progress".to_string();
    };
    let full = std::fs::canonicalize(dir).unwrap_or_else(|_| dir.to_path_buf());
    // FNV-1a: the same name from one run to the next.
    let hash = full
        .to_string_lossy()
        .bytes()
        .fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
            (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
        });
    let name: String = full
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default()
        .chars()
        .filter(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_')
        .take(40)
        .collect();
    format!("course-progress-{name}-{:08x}", hash as u32)
}

/// The most answer files a class folder may hold for `--check`.
const MAX_CLASS: usize = 2000;

/// A student's name as it is printed: control characters shown as `?`.
fn printable(name: &str) -> String {
    name.chars()
        .map(|c| if c.is_control() { '?' } else { c })
        .collect()
}

/// One student's results as JSON (`--check … --json`).
fn report_json(name: &str, file: &Path, report: &learn::Report) -> serde_json::Value {
    let checks: Vec<serde_json::Value> = report
        .results
        .iter()
        .map(|r| {
            serde_json::json!({
                "input": r.input, "about": r.about, "expected": r.expected,
                "got": r.got, "passed": r.passed,
            })
        })
        .collect();
    serde_json::json!({
        "name": name,
        "file": file.display().to_string(),
        "passed": report.results.iter().filter(|r| r.passed).count(),
        "total": report.results.len(),
        "all_passed": report.passed(),
        "load_error": report.load_error,
        "interrupted": report.interrupted,
        "checks": checks,
    })
}

/// The answer files of a class folder: its `*.fs` regular files, by name.
fn class_answers(dir: &Path) -> Result<Vec<PathBuf>, String> {
    let entries =
        std::fs::read_dir(dir).map_err(|e| format!("cannot read {}: {e}", dir.display()))?;
    let mut files: Vec<PathBuf> = entries
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "fs"))
        .filter(|p| std::fs::metadata(p).is_ok_and(|m| m.is_file()))
        .take(MAX_CLASS + 1)
        .collect();
    if files.len() > MAX_CLASS {
        return Err(format!(
            "{} holds more than {MAX_CLASS} answer files",
            dir.display()
        ));
    }
    if files.is_empty() {
        return Err(format!(
            "{} holds no answer files (NAME.fs, one a student)",
            dir.display()
        ));
    }
    files.sort();
    Ok(files)
}

/// `--check LESSON FOLDER`: one line a student (or JSON), the verdict as
/// the status (0 when every student passed every check).
fn check_class(lesson: &Lesson, dir: &Path, json: bool, irq: &Interrupt) -> ExitCode {
    let files = match class_answers(dir) {
        Ok(f) => f,
        Err(msg) => {
            let _ = writeln!(std::io::stderr(), "playforth: --check: {msg}");
            return ExitCode::from(USAGE);
        }
    };
    let mut rows = Vec::new();
    let mut all = true;
    for file in &files {
        let name = file
            .file_stem()
            .map_or_else(String::new, |s| s.to_string_lossy().into_owned());
        let report = learn::check_with(
            lesson,
            &learn::Answer::File(file),
            Some(learn::TIME_LIMIT),
            irq,
        );
        all &= report.passed();
        rows.push((name, file.clone(), report));
        if irq.is_raised() {
            break;
        }
    }
    let text = if json {
        let students: Vec<serde_json::Value> =
            rows.iter().map(|(n, f, r)| report_json(n, f, r)).collect();
        format!(
            "{}\n",
            serde_json::json!({"lesson": lesson.title, "students": students})
        )
    } else {
        let width = rows
            .iter()
            .map(|(n, _, _)| unicode_width::UnicodeWidthStr::width(printable(n).as_str()))
            .max()
            .unwrap_or(0);
        let mut out = format!("Checking: {} ({} answers)\n", lesson.title, rows.len());
        for (name, _, r) in &rows {
            let shown = printable(name);
            let pad = width - unicode_width::UnicodeWidthStr::width(shown.as_str());
            let passed = r.results.iter().filter(|c| c.passed).count();
            let mut line = format!(
                "  {shown}{}  passed {passed} of {}",
                " ".repeat(pad),
                r.results.len()
            );
            if r.passed() {
                line.push_str("  ✓");
            }
            if r.load_error.is_some() {
                line.push_str("  (the code stopped with an error)");
            } else if r.interrupted {
                line.push_str("  (stopped)");
            }
            out.push_str(&line);
            out.push('\n');
        }
        let done = rows.iter().filter(|(_, _, r)| r.passed()).count();
        out.push_str(&format!("{done} of {} passed every check\n", rows.len()));
        out
    };
    let mut out = std::io::stdout();
    if write!(out, "{text}").and_then(|_| out.flush()).is_err() {
        return ExitCode::from(OUTPUT_CLOSED);
    }
    if all {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}

/// `--check LESSON ANSWERS`: the report on stdout, the verdict as the status.
fn check_answers(
    lesson: &str,
    answers: &str,
    course: Option<Vec<Lesson>>,
    json: bool,
    irq: &Interrupt,
) -> ExitCode {
    let usage = |msg: String| {
        let _ = writeln!(std::io::stderr(), "playforth: --check: {msg}");
        ExitCode::from(USAGE)
    };
    let lesson = if Path::new(lesson).is_file() {
        match learn::load_file(Path::new(lesson)) {
            Ok(l) => l,
            Err(e) => return usage(e.to_string()),
        }
    } else {
        let lessons = course.unwrap_or_else(learn::builtin);
        match learn::find(&lessons, lesson) {
            Some(i) => lessons[i].clone(),
            None => {
                return usage(format!(
                    "`{lesson}` is neither a lesson file nor a lesson's number (1 to {}) or name",
                    lessons.len()
                ));
            }
        }
    };
    // A folder: a class's answers.
    if std::fs::metadata(answers).is_ok_and(|m| m.is_dir()) {
        return check_class(&lesson, Path::new(answers), json, irq);
    }
    // Looked at, not opened: opening a named pipe would wait for a writer.
    match std::fs::metadata(answers) {
        Err(e) => return usage(format!("cannot read the answers {answers}: {e}")),
        Ok(m) if !m.is_file() => {
            return usage(format!(
                "the answers {answers} are not in a regular file (a folder, a named pipe or a device)"
            ));
        }
        Ok(_) => {}
    }
    let report = learn::check_with(
        &lesson,
        &learn::Answer::File(Path::new(answers)),
        Some(learn::TIME_LIMIT),
        irq,
    );
    let text = if json {
        let name = Path::new(answers)
            .file_stem()
            .map_or_else(String::new, |s| s.to_string_lossy().into_owned());
        let student = report_json(&name, Path::new(answers), &report);
        format!(
            "{}\n",
            serde_json::json!({"lesson": report.title, "students": [student]})
        )
    } else {
        report.to_string()
    };
    let mut out = std::io::stdout();
    if write!(out, "{text}").and_then(|_| out.flush()).is_err() {
        return ExitCode::from(OUTPUT_CLOSED);
    }
    if report.passed() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}

/// The manual page's sections beyond the options, in roff.
const MAN_EXTRA: &str = r#".SH EXIT STATUS
.TP
\fB0\fR
Done, or \fBbye\fR.
.TP
\fB1\fR
An uncaught error in a script, \fB\-e\fR code or piped input (reading piped input goes on after it).
.TP
\fB2\fR
A usage error: an unknown option, a bad value, a lesson or answers that cannot be read.
.TP
\fB130\fR
Ctrl\-C stopped a script.
.TP
\fB141\fR
The reader of the output went away (a closed pipe).
.TP
\fIn\fR
\fIn\fR \fB(bye)\fR ends with status \fIn\fR.
.SH ENVIRONMENT
.TP
\fBPLAYFORTH_LESSONS\fR
The folder of a teacher's lessons, as \fB\-\-lessons\fR.
.TP
\fBPLAYFORTH_DATA_DIR\fR
Where the REPL keeps its history and the course progress.
.TP
\fBNO_COLOR\fR
When set and not empty: no colours, and the boards in plain ASCII.
.TP
\fBTERM\fR
\fBdumb\fR turns colours off too, as output that is not a terminal does.
.SH EXAMPLES
.TP
\fBplayforth\fR
The REPL: type Forth, see \fBok\fR; \fBhelp\fR, \fBlearn\fR, \fBbye\fR.
.TP
\fBplayforth \-e '2 3 + .'\fR
Run code and exit.
.TP
\fBplayforth \-\-seed 7 othello.fs demo\fR
Run a script with its argument \fBdemo\fR, repeatably.
.TP
\fBplayforth \-\-check 3 answers.fs\fR
Check a learner's answers to the third lesson.
.TP
\fBsource <(playforth \-\-completions bash)\fR
Tab completion of playforth's options in this bash session.
.SH SEE ALSO
\fBplayforth\-referee\fR(1), \fBgforth\fR(1); docs/getting\-started.md and
docs/reference.md in playforth's source.
"#;

fn main() -> ExitCode {
    // `playforth serve`: the server for browsers (a file named `serve` is
    // run as `./serve`).
    let args: Vec<std::ffi::OsString> = std::env::args_os().collect();
    if args.get(1).is_some_and(|a| a == "serve") {
        #[cfg(target_os = "linux")]
        return serve::main(args);
        #[cfg(not(target_os = "linux"))]
        {
            let _ = writeln!(
                std::io::stderr(),
                "playforth serve: the server runs on Linux only (its sessions are fenced with Linux's Landlock and seccomp)"
            );
            return ExitCode::from(USAGE);
        }
    }
    let cli = Cli::parse();
    // FILE takes the arguments after it as they are (`-x` is the script's
    // own), but an option where FILE should be is a mistyped option.
    if let Some(first) = cli.script.first()
        && first.starts_with('-')
        && first != "-"
    {
        Cli::command()
            .error(
                clap::error::ErrorKind::UnknownArgument,
                format!("unexpected argument '{first}' (a script's own options go after its FILE)"),
            )
            .exit();
    }
    if let Some(shell) = cli.completions {
        return cli_docs::write_generated(
            "playforth",
            &cli_docs::completions(Cli::command(), shell),
            &mut std::io::stdout().lock(),
            &mut std::io::stderr(),
        );
    }
    if cli.man {
        return cli_docs::write_generated(
            "playforth",
            &cli_docs::man_page(Cli::command(), MAN_EXTRA),
            &mut std::io::stdout().lock(),
            &mut std::io::stderr(),
        );
    }
    // Ctrl-C raises the interrupt of the system (or the check) running.
    let irq = Interrupt::new();
    catch_interrupts(irq.clone());
    let course = match teachers_course(&cli) {
        None => None,
        Some(Ok(lessons)) => Some(lessons),
        Some(Err(e)) if cli.check.is_some() => {
            let _ = writeln!(std::io::stderr(), "playforth: lessons: {e}");
            return ExitCode::from(USAGE);
        }
        Some(Err(e)) => {
            let _ = writeln!(
                std::io::stderr(),
                "playforth: lessons: {e}\n(the built-in lessons are used instead)"
            );
            None
        }
    };
    if let Some(check) = &cli.check
        && let [lesson, answers] = check.as_slice()
    {
        return check_answers(lesson, answers, course, cli.json, &irq);
    }
    let mut forth = Forth::new();
    forth.set_interrupt(irq);
    forth.allow_shell(cli.allow_shell);
    forth.set_plain(cli.plain);
    let mut tutor = learn::Course::new();
    // A teacher's course that could not be read falls back to the
    // built-in one, and to its progress file.
    let tutor_has_own_lessons = course.is_some();
    if let Some(lessons) = course {
        tutor.set_lessons(lessons);
    }
    let will_repl = (cli.interactive
        || (cli.script.is_empty() && cli.eval.is_empty())
        || cli.script.first().is_some_and(|f| f == "-"))
        && std::io::stdin().is_terminal();
    if will_repl && let Some(d) = repl::data_dir() {
        // The learner's place in the course is kept between sessions.
        let lessons = lessons_dir(&cli).filter(|_| tutor_has_own_lessons);
        tutor.set_progress_file(d.join(progress_file_name(lessons.as_deref())));
    }
    forth.set_tutor(Some(Box::new(tutor)));
    if let Some(seed) = cli.seed {
        forth.set_seed(seed);
    }
    for name in &cli.trace {
        if let Err(e) = forth.trace_name(name) {
            let _ = writeln!(
                std::io::stderr(),
                "playforth: --trace {name}: {}",
                e.message
            );
        }
    }
    let (file, args) = match cli.script.split_first() {
        Some((f, rest)) => (Some(f.clone()), rest.to_vec()),
        None => (None, vec![]),
    };
    // FILE `-` is standard input, as for other Unix tools.
    let from_stdin = file.as_deref() == Some("-");
    let file = file.filter(|_| !from_stdin);
    forth.set_args("playforth", &args);

    for code in &cli.eval {
        let r = forth.run_code("-e", code);
        if let Some(exit) = finish(&forth, r) {
            return exit;
        }
    }
    if let Some(path) = &file
        && let r = forth.run_file(path)
        && let Some(exit) = finish(&forth, r)
    {
        return exit;
    }
    let nothing_else = file.is_none() && cli.eval.is_empty();
    if cli.interactive || nothing_else || from_stdin {
        if std::io::stdin().is_terminal() {
            return repl::run(&mut forth);
        }
        let mut failed = None;
        let outcome = forth.run_stdin(|e, mid_line| {
            failed = Some(error_status(e));
            report(e, mid_line)
        });
        if forth.output_closed() {
            return ExitCode::from(OUTPUT_CLOSED);
        }
        return match outcome {
            Outcome::Bye(code) => ExitCode::from(code as u8),
            Outcome::Continue => failed.unwrap_or(ExitCode::SUCCESS),
        };
    }
    ExitCode::SUCCESS
}

#[cfg(test)]
mod tests {
    use super::progress_file_name;
    use std::path::Path;

    #[test]
    fn each_course_keeps_its_progress_in_a_file_of_its_own() {
        assert_eq!(progress_file_name(None), "course-progress");
        let a = progress_file_name(Some(Path::new("/school/forth/week 1!")));
        let b = progress_file_name(Some(Path::new("/school/forth/week 2")));
        assert!(a.starts_with("course-progress-week1-"), "{a}");
        assert!(b.starts_with("course-progress-week2-"), "{b}");
        assert_ne!(a, b);
        // Two folders of one name in different places differ too, and one
        // folder always gets the same name.
        let c = progress_file_name(Some(Path::new("/elsewhere/week 2")));
        assert_ne!(b, c);
        assert_eq!(
            b,
            progress_file_name(Some(Path::new("/school/forth/week 2")))
        );
    }
}
