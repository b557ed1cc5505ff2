//! The interactive REPL: rustyline with completion (each candidate shows
//! its stack effect), a grey hint with the stack effect of the word being
//! typed, colours for words, numbers, strings and comments (unknown words
//! in red), and input that goes on while a definition or comment is open.
//! After each line: ` ok` and the stack. Errors are reported and the session
//! goes on; Ctrl-C at the prompt clears the line, while code runs it stops
//! the code; history and the course progress are kept in the user's data
//! directory (PLAYFORTH_DATA_DIR overrides it).
//!
//! At a terminal the prompt is `> `, as the docs show it before each typed
//! line, and a session copied from the docs can be pasted as it is: the
//! terminal marks a paste (bracketed paste), and in a pasted session the
//! lines after `> ` run without it while the answers are skipped and
//! taken off the screen (`repl_line::Paste` decides, this file redraws).

use playforth::repl_line as line;
use playforth::{Forth, ForthError, Outcome, Part};
use rustyline::completion::{Completer, Pair};
use rustyline::error::ReadlineError;
use rustyline::highlight::{CmdKind, Highlighter};
use rustyline::hint::Hinter;
use rustyline::validate::Validator;
use rustyline::{
    Cmd, ConditionalEventHandler, Context, Editor, Event, EventContext, EventHandler, Helper,
    KeyCode, KeyEvent, Modifiers, Movement, RepeatCount,
};
use std::borrow::Cow;
use std::cell::RefCell;
use std::collections::HashMap;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use std::rc::Rc;
use std::sync::{Arc, Mutex, MutexGuard};

/// What the helper knows about the dictionary, refreshed before each prompt.
#[derive(Default)]
struct Words {
    /// Lower-cased name -> (name, the user's?, stack effect).
    by_name: HashMap<String, (String, bool, Option<String>)>,
    base: i64,
}

struct ReplHelper {
    words: Rc<RefCell<Words>>,
    colour: bool,
    typed: Rc<RefCell<line::Typed>>,
}

impl ReplHelper {
    fn lookup(&self, name: &str) -> Option<bool> {
        self.words
            .borrow()
            .by_name
            .get(&name.to_ascii_lowercase())
            .map(|w| w.1)
    }
}

impl Completer for ReplHelper {
    type Candidate = Pair;
    fn complete(
        &self,
        line: &str,
        pos: usize,
        _: &Context<'_>,
    ) -> rustyline::Result<(usize, Vec<Pair>)> {
        let words = self.words.borrow();
        let list: Vec<(String, Option<String>)> = words
            .by_name
            .values()
            .map(|(n, _, e)| (n.clone(), e.clone()))
            .collect();
        let (start, pairs) = line::complete(line, pos, &list);
        Ok((
            start,
            pairs
                .into_iter()
                .map(|(display, replacement)| Pair {
                    display,
                    replacement,
                })
                .collect(),
        ))
    }
}

impl Hinter for ReplHelper {
    type Hint = String;
    fn hint(&self, line: &str, pos: usize, _: &Context<'_>) -> Option<String> {
        // Asked after every change to the line.
        self.typed.borrow_mut().saw(line, pos);
        if line.len() > line::LONG_LINE {
            return None;
        }
        let words = self.words.borrow();
        line::hint(line, pos, &|w| {
            words
                .by_name
                .get(&w.to_ascii_lowercase())
                .and_then(|(_, _, e)| e.clone())
        })
    }
}

impl Highlighter for ReplHelper {
    fn highlight<'l>(&self, line: &'l str, pos: usize) -> Cow<'l, str> {
        if !self.colour || line.len() > line::LONG_LINE {
            return Cow::Borrowed(line);
        }
        let words = self.words.borrow();
        let known = |w: &str| self.lookup(w);
        let starts = |lower: &str| words.by_name.keys().any(|k| k.starts_with(lower));
        let lookup = line::lookup_while_typing(line, pos, &known, &starts);
        Cow::Owned(line::highlight(line, words.base, &lookup))
    }
    fn highlight_prompt<'b, 's: 'b, 'p: 'b>(
        &'s self,
        prompt: &'p str,
        _default: bool,
    ) -> Cow<'b, str> {
        // Dim, so what is typed stands out.
        if self.colour && !prompt.is_empty() {
            Cow::Owned(format!("\x1b[2m{prompt}\x1b[0m"))
        } else {
            Cow::Borrowed(prompt)
        }
    }
    fn highlight_hint<'h>(&self, hint: &'h str) -> Cow<'h, str> {
        if self.colour {
            Cow::Owned(format!("\x1b[90m{hint}\x1b[0m"))
        } else {
            Cow::Borrowed(hint)
        }
    }
    fn highlight_char(&self, line: &str, pos: usize, _kind: CmdKind) -> bool {
        // Asked after every move of the cursor too.
        self.typed.borrow_mut().moved(line, pos);
        self.colour && line.len() <= line::LONG_LINE
    }
}

// Lines are read one at a time (so an open definition or comment gets a
// continuation prompt); nothing to validate inside one line.
impl Validator for ReplHelper {}

impl Helper for ReplHelper {}

/// What is known of pastes, shared with the line editor's key handlers.
type Pastes = Arc<Mutex<line::Paste>>;

fn lock(p: &Pastes) -> MutexGuard<'_, line::Paste> {
    p.lock().unwrap_or_else(|e| e.into_inner())
}

/// The terminal's paste start mark (`start`) or end mark, as the line
/// editor reads it: noted, and at the end the last line of a pasted
/// session put right (see `line::Paste::ended`). rustyline's own handling
/// of a paste start read on to the end mark, taking Enter, Ctrl-C and
/// Ctrl-D with it when no end came; here a mark is never more than a note.
struct PasteMark {
    pastes: Pastes,
    start: bool,
}

impl ConditionalEventHandler for PasteMark {
    fn handle(&self, _: &Event, _: RepeatCount, _: bool, ctx: &EventContext) -> Option<Cmd> {
        let mut p = lock(&self.pastes);
        if self.start {
            p.started(ctx.line());
            return Some(Cmd::Noop);
        }
        Some(match p.ended(ctx.line()) {
            line::PasteEnd::Keep => Cmd::Noop,
            line::PasteEnd::Replace(text) => Cmd::Replace(Movement::WholeLine, Some(text)),
            line::PasteEnd::Accept => Cmd::AcceptLine,
        })
    }
}

/// Ctrl-C and Ctrl-D do what they always do, and end any paste.
struct EndsPaste(Pastes);

impl ConditionalEventHandler for EndsPaste {
    fn handle(&self, _: &Event, _: RepeatCount, _: bool, _: &EventContext) -> Option<Cmd> {
        lock(&self.0).reset();
        None
    }
}

/// Take the line editor's echo of `prompt` and `line` off the screen (the
/// cursor is on the row below it, where Enter left it), when its rows are
/// sure and on the screen. Says whether it did.
fn unecho(prompt: &str, line: &str) -> bool {
    let Ok((cols, rows)) = crossterm::terminal::size() else {
        return false;
    };
    match line::echo_rows(prompt, line, cols.into()) {
        Some(up) if up < rows.into() => {
            let mut out = std::io::stdout();
            let _ = write!(out, "\x1b[{up}A\r\x1b[J");
            let _ = out.flush();
            true
        }
        _ => false,
    }
}

/// Where the REPL keeps the history and the course progress:
/// PLAYFORTH_DATA_DIR, else playforth/ in the user's data directory (as
/// the `dirs` crate finds it: `$XDG_DATA_HOME` or `~/.local/share` on
/// Linux, `~/Library/Application Support` on macOS, `%APPDATA%` on Windows).
pub(crate) fn data_dir() -> Option<PathBuf> {
    if let Some(dir) = std::env::var_os("PLAYFORTH_DATA_DIR").filter(|d| !d.is_empty()) {
        return Some(PathBuf::from(dir));
    }
    Some(dirs::data_dir()?.join("playforth"))
}

/// The largest history file the REPL loads. rustyline keeps the last 100
/// lines and the REPL none longer than MAX_HISTORY_LINE, so a history of
/// its own is well below this.
const MAX_HISTORY_BYTES: u64 = 4 << 20;
/// Lines longer than this (a big paste) are not kept in the history.
const MAX_HISTORY_LINE: usize = 16 << 10;

/// Load the history from `path`, if it is a regular file of at most
/// MAX_HISTORY_BYTES: a named pipe there would hang the start, a link to
/// /dev/zero fill memory. Returns whether the history may be saved there
/// at the end: never over a file that could not be loaded, which would be
/// lost; the REPL says so once.
fn load_history(
    rl: &mut Editor<ReplHelper, rustyline::history::DefaultHistory>,
    path: &std::path::Path,
) -> bool {
    let shown = path.display();
    let problem = match std::fs::metadata(path) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return true,
        Err(e) => e.to_string(),
        Ok(m) if !m.is_file() => "it is not a regular file".to_string(),
        Ok(m) if m.len() > MAX_HISTORY_BYTES => {
            format!("it is larger than {} MiB", MAX_HISTORY_BYTES >> 20)
        }
        Ok(_) => match rl.load_history(path) {
            Ok(()) => return true,
            Err(e) => e.to_string(),
        },
    };
    say_note(&format!(
        "(the history {shown} cannot be loaded ({problem}): it is left as it is, and this session's lines are not saved to it)"
    ));
    false
}

fn refresh(forth: &mut Forth, words: &Rc<RefCell<Words>>) {
    let mut w = words.borrow_mut();
    w.by_name = forth
        .repl_words()
        .into_iter()
        .map(|(n, user, e)| (n.to_ascii_lowercase(), (n, user, e)))
        .collect();
    w.base = forth.base();
}

/// An error report with colours for a terminal, each piece painted by
/// what it is: the `error:` label in bold red, the caret lines in red, "did
/// you mean" in green; without the colours it is the report's text.
pub fn paint_report(e: &ForthError) -> String {
    paint_lines(&e.lines())
}

/// The columns of the terminal, for wrapping the REPL's messages (0: do
/// not wrap).
fn terminal_width() -> usize {
    crossterm::terminal::size().map_or(0, |(cols, _)| cols.into())
}

/// A report's lines, coloured by what each piece is.
pub(crate) fn paint_lines(lines: &[Vec<(Part, String)>]) -> String {
    let mut out = String::new();
    for (i, line) in lines.iter().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        for (part, text) in line {
            let colour = match part {
                Part::Label => Some("1;31"),
                Part::Carets => Some("31"),
                Part::Suggestions => Some("32"),
                Part::Place
                | Part::Headline
                | Part::Word
                | Part::Quote
                | Part::Stack
                | Part::Backtrace => None,
            };
            match colour {
                Some(c) => out.push_str(&format!("\x1b[{c}m{text}\x1b[0m")),
                None => out.push_str(text),
            }
        }
    }
    out
}

/// Print a line of the REPL's own; a failing stdout is noticed through
/// the Forth system's output, which shares it.
fn say(line: &str) {
    let _ = writeln!(std::io::stdout(), "{line}");
}

/// A note of the REPL's own, wrapped at blanks to the terminal's width.
fn say_note(note: &str) {
    say(&playforth::wrap_note(note, terminal_width()));
}

pub fn run(forth: &mut Forth) -> ExitCode {
    forth.set_prompt_control(true);
    forth.keep_undo(true);
    // Colours only for a person at a terminal who has not asked for none.
    let colour = playforth::colour_wanted(&std::io::stdout());
    // The prompt, and the marks of a paste, only where a person looks: not
    // into a file that stdout goes to.
    let prompting = std::io::IsTerminal::is_terminal(&std::io::stdout());
    let top_prompt = if prompting { line::PROMPT } else { "" };
    let pastes: Pastes = Arc::default();
    let words = Rc::new(RefCell::new(Words::default()));
    let typed = Rc::new(RefCell::new(line::Typed::default()));
    // A paste comes as keys, each line running as it ends, as typed
    // ahead; the terminal is asked to mark it (bracketed paste), and the
    // marks are only noted (`PasteMark`).
    let config = rustyline::Config::builder()
        .completion_type(rustyline::CompletionType::List)
        .auto_add_history(false)
        .bracketed_paste(prompting)
        .build();
    let Ok(mut rl) = Editor::<ReplHelper, rustyline::history::DefaultHistory>::with_config(config)
    else {
        let _ = writeln!(
            std::io::stderr(),
            "playforth: cannot open the terminal for the REPL"
        );
        return ExitCode::from(1);
    };
    // The marks of a bracketed paste (which a person may also type) are
    // no keys: they say what was pasted.
    for (mark, start) in [
        (KeyCode::BracketedPasteStart, true),
        (KeyCode::BracketedPasteEnd, false),
    ] {
        let pastes = pastes.clone();
        rl.bind_sequence(
            KeyEvent(mark, Modifiers::NONE),
            EventHandler::Conditional(Box::new(PasteMark { pastes, start })),
        );
    }
    for key in [KeyEvent::ctrl('C'), KeyEvent::ctrl('D')] {
        rl.bind_sequence(
            key,
            EventHandler::Conditional(Box::new(EndsPaste(pastes.clone()))),
        );
    }
    rl.set_helper(Some(ReplHelper {
        words: words.clone(),
        colour,
        typed: typed.clone(),
    }));
    let data = data_dir();
    let history = data.as_ref().map(|d| d.join("history"));
    say_note(&format!(
        "playforth {} — type `help` to start, `learn` for lessons, `bye` or Ctrl-D to leave.",
        env!("CARGO_PKG_VERSION")
    ));
    let history = history.filter(|h| load_history(&mut rl, h));
    let code = loop {
        refresh(forth, &words);
        // Read on while a definition or a ( comment is open; what is open
        // is followed line by line, so a long paste costs each line once.
        let mut input = String::new();
        let mut open = line::Open::default();
        let mut warned_eof = false;
        // The line to edit on with, after a byte that is not UTF-8.
        let mut again: Option<(String, String)> = None;
        let mut warned_byte = false;
        let read = loop {
            let prompt = if input.is_empty() {
                top_prompt.to_string()
            } else {
                open.continuation_prompt()
            };
            lock(&pastes).new_line(input.is_empty());
            // Lines typed or pasted ahead wait in the terminal (typed while
            // a word ran) or in the line editor's buffer (a burst read in one
            // go, kept between calls by its `buffer-redux` feature): every
            // one comes back here, in order.
            let line = match again.take() {
                Some((left, right)) => {
                    typed
                        .borrow_mut()
                        .saw(&format!("{left}{right}"), left.len());
                    rl.readline_with_initial(&prompt, (&left, &right))
                }
                None => {
                    *typed.borrow_mut() = line::Typed::default();
                    rl.readline(&prompt)
                }
            };
            match line {
                // A byte that is not UTF-8 (Alt+key in xterm's default
                // mode, a Latin-1 terminal's é, pasted binary) ends
                // rustyline's line with an error: it is dropped like a bad
                // key, and the line goes on as it was.
                Err(ReadlineError::Io(e)) if e.kind() == std::io::ErrorKind::InvalidData => {
                    if !warned_byte {
                        say_note(
                            "\n(a byte that is not UTF-8 was ignored, and if it began a character \
                             the key typed after it went with it: playforth reads UTF-8 text; an \
                             Alt key or a terminal set to Latin-1 can send such bytes)",
                        );
                        warned_byte = true;
                    }
                    if typed.borrow().long() {
                        say_note(&format!(
                            "(the line being typed, longer than {} bytes, was dropped with it)",
                            line::LONG_LINE
                        ));
                    } else {
                        again = Some(typed.borrow().split());
                    }
                }
                // Ctrl-C in the middle of a definition (or a loop typed at
                // the prompt) throws it away, and says so.
                Err(ReadlineError::Interrupted) if !input.is_empty() => {
                    say_note(&format!("({} was discarded)", open.what_is_open()));
                    input.clear();
                    open = line::Open::default();
                }
                // Ctrl-D there asks first: a second one leaves.
                Err(ReadlineError::Eof) if !input.is_empty() && !warned_eof => {
                    say_note(&format!(
                        "({} is not finished: Ctrl-D again leaves, Ctrl-C discards it)",
                        open.what_is_open()
                    ));
                    warned_eof = true;
                }
                Ok(line) => {
                    // A line of a pasted session: its prompt, or all of it
                    // (an answer), taken off the screen and the input.
                    let take = lock(&pastes).take(&line);
                    let line = match take {
                        line::Take::Run => line,
                        line::Take::Unprompted(rest) => {
                            if unecho(&prompt, &line)
                                && let Some(h) = rl.helper()
                            {
                                say(&format!(
                                    "{}{}",
                                    h.highlight_prompt(&prompt, true),
                                    h.highlight(&rest, rest.len())
                                ));
                            }
                            rest
                        }
                        line::Take::Skip => {
                            unecho(&prompt, &line);
                            if let Some(note) = lock(&pastes).finished() {
                                say_note(&note);
                            }
                            continue;
                        }
                    };
                    if !line.trim().is_empty() && line.len() <= MAX_HISTORY_LINE {
                        let _ = rl.add_history_entry(line.as_str());
                    }
                    let continued = !input.is_empty();
                    input.push_str(&line);
                    input.push('\n');
                    open.feed(&line);
                    if !open.unfinished() {
                        break Ok(input);
                    }
                    // Using the word inside its own open definition usually
                    // means the `;` was forgotten: say so.
                    if (continued || open.text_ran_out())
                        && let Some(note) = open.note(&line)
                    {
                        say_note(&note);
                    }
                }
                Err(e) => break Err(e),
            }
        };
        // The system's notes wrap as the REPL's own do (the terminal may
        // have been resized since the last line).
        forth.set_note_width(terminal_width());
        match read {
            Ok(input) => match forth.interpret_input(input.trim_end_matches('\n')) {
                Ok(Outcome::Continue) => {
                    if forth.in_definition() {
                        say(" compiled");
                    } else {
                        match forth.ok_stack() {
                            Some(s) => say(&format!(" ok {s}")),
                            None => say(" ok"),
                        }
                    }
                }
                Ok(Outcome::Bye(code)) => break ExitCode::from(code as u8),
                Err(e) => {
                    let ended = forth.end_output_line();
                    if e.code == playforth::throw::USER_INTERRUPT.0 && !ended {
                        // The terminal echoed `^C` at the start of a line.
                        let _ = writeln!(std::io::stderr());
                    }
                    // At the prompt: plain words first, wrapped to the
                    // terminal; the code and place come last.
                    let width = terminal_width();
                    let lines = e.prompt_lines(width);
                    let report = if playforth::colour_wanted(&std::io::stderr()) {
                        paint_lines(&lines)
                    } else {
                        lines
                            .iter()
                            .map(|l| l.iter().map(|(_, t)| t.as_str()).collect::<String>())
                            .collect::<Vec<_>>()
                            .join("\n")
                    };
                    let _ = writeln!(std::io::stderr(), "{report}");
                    if let Some(note) = line::prompt_note(&input, &e) {
                        let _ =
                            writeln!(std::io::stderr(), "{}", playforth::wrap_note(&note, width));
                    }
                    if forth.output_failed() {
                        // A full disk or a closed pipe: no point going on.
                        break ExitCode::from(1);
                    }
                }
            },
            Err(ReadlineError::Interrupted) => continue,
            Err(ReadlineError::Eof) => break ExitCode::SUCCESS,
            Err(e) => {
                let _ = writeln!(std::io::stderr(), "playforth: {e}");
                break ExitCode::from(1);
            }
        }
        // The last line of a pasted session ran: say what was done with it.
        if let Some(note) = lock(&pastes).finished() {
            say_note(&note);
        }
    };
    if let Some(h) = &history {
        if let Some(dir) = h.parent() {
            let _ = std::fs::create_dir_all(dir);
        }
        let _ = rl.save_history(h);
    }
    code
}
