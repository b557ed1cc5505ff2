//! Building a Forth system and driving it from a host: the REPL, the
//! script runner and the tests all come through here. These functions turn
//! uncaught throws into [`ForthError`]s and put the system back into a
//! consistent state; they never print.

use crate::code::CodeSpace;
use crate::dictionary::{Dictionary, Kind};
use crate::dictionary::{GAMES_WORDLIST, ROOT_WORDLIST};
use crate::error::*;
use crate::input::{Input, SourceKind};
use crate::instr::Instr;
use crate::interp;
use crate::io::{Console, ScriptedConsole, SharedBuf};
use crate::kernel::{Forth, Machine, Prefs};
use crate::memory::{self, Memory};
use crate::teach;
use crate::words::games;
use std::io::Write;

/// The table of built-in bodies, made once per process.
static PRIMS: std::sync::LazyLock<Vec<crate::kernel::PrimFn>> =
    std::sync::LazyLock::new(crate::words::prim_table);

const PRELUDE: &str = crate::prelude::SOURCE;

/// The words in the root word list (they stay in FORTH too).
const ROOT_WORDS: [&str; 15] = [
    "forth",
    "only",
    "also",
    "previous",
    "definitions",
    "order",
    "words",
    "get-order",
    "set-order",
    "get-current",
    "set-current",
    "forth-wordlist",
    "bye",
    "\\",
    "(",
];

/// A seed from the clock, for runs without --seed.
fn clock_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64)
}

/// How a host call ended when it did not fail.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Carry on.
    Continue,
    /// BYE was executed: exit with this status.
    Bye(i32),
}

/// How many cells (from the top) the REPL shows after ` ok`; `.s` shows all.
const OK_STACK_CELLS: usize = 10;

impl Forth {
    /// Give this system a guided course (`learn`, `check` …); without
    /// one the course words do nothing.
    pub fn set_tutor(&mut self, tutor: Option<Box<dyn crate::host::Tutor>>) {
        self.host.tutor = tutor;
        let irq = self.host.interrupt.clone();
        if let Some(t) = self.host.tutor.as_mut() {
            t.attach_interrupt(irq);
        }
    }

    /// This system's Ctrl-C: raise it (from a signal handler, another
    /// thread, a Stop button) to stop what the system runs.
    pub fn interrupt(&self) -> crate::host::Interrupt {
        self.host.interrupt.clone()
    }

    /// Use `irq` as this system's Ctrl-C (a raise that came before is
    /// acted on at the next call or wait).
    pub fn set_interrupt(&mut self, irq: crate::host::Interrupt) {
        self.host.set_interrupt(irq);
    }

    /// Where MS waits and UTIME reads the time.
    pub fn set_clock(&mut self, clock: Box<dyn crate::host::Clock>) {
        self.host.clock = clock;
    }

    /// Everything known about a word, looked up through the search order.
    pub fn word_info(&mut self, name: &str) -> Option<crate::teach::WordInfo> {
        let xt = self.vm.dict.find(name)?;
        Some(teach::info_for(self, xt))
    }
    /// Seed the game generator.
    pub fn set_seed(&mut self, seed: u64) {
        self.words.games.rng = games::rng_from_seed(seed);
    }
    /// Let SYSTEM and SH run shell commands (the `--allow-shell` option);
    /// by default they refuse with -21. This holds for the whole process.
    pub fn allow_shell(&mut self, allow: bool) {
        crate::words::io::ALLOW_SHELL.store(allow, std::sync::atomic::Ordering::Relaxed);
    }
    /// Has writing the output failed (closed pipe, full disk)?
    pub fn output_failed(&self) -> bool {
        self.host.out.failed.is_some()
    }
    /// Did the output stop in the middle of a line (`." hello"` without
    /// `cr`)? An error report written to the same place then starts with a
    /// line break of its own.
    pub fn output_mid_line(&self) -> bool {
        !self.host.out.at_line_start
    }
    /// Has the reader of the output gone away (a closed pipe, as with `| head`)?
    pub fn output_closed(&self) -> bool {
        self.host.out.failed == Some(std::io::ErrorKind::BrokenPipe)
    }

    /// A system writing to stdout and stderr and reading the process's stdin.
    pub fn new() -> Forth {
        use std::io::IsTerminal;
        let out: Box<dyn Write> = if crate::io::stdout_was_closed() {
            Box::new(crate::io::ClosedOutput)
        } else {
            Box::new(std::io::BufWriter::new(std::io::stdout()))
        };
        let mut f = Forth::with_io(
            out,
            Box::new(std::io::stderr()),
            Box::new(crate::terminal::StdConsole::new()),
        );
        f.host.out.terminal = std::io::stdout().is_terminal();
        f.host.out.pretty = crate::terminal::colour_wanted(&std::io::stdout());
        f
    }

    /// A system with its output, diagnostics and keyboard supplied.
    pub fn with_io(out: Box<dyn Write>, diag: Box<dyn Write>, console: Box<dyn Console>) -> Forth {
        // The modules below the word families look words up through here.
        crate::words::register_specs();
        let mut f = Forth {
            vm: Machine {
                stacks: crate::stacks::Stacks::new(),
                run_depth: 0,
                mem: Memory::new(),
                here: memory::DICT_START,
                code: CodeSpace::new(&[Instr::Execute, Instr::Exit, Instr::CatchEnd]),
                dict: Dictionary::new(),
                prims: &PRIMS,
            },
            compiler: Default::default(),
            input: Input::new(),
            host: crate::host::Host::new(out, diag, console),
            pending: crate::kernel::Pending {
                fault: crate::kernel::Fault {
                    calls: Vec::with_capacity(crate::stacks::MAX_CALLS),
                    ..Default::default()
                },
                ..Default::default()
            },
            trace: Default::default(),
            prefs: Prefs {
                show_stack: true,
                stack_boxes: false,
                precision: 15,
                prompt_control: false,
                double_dot_noted: false,
                bracket_char_noted: false,
            },
            words: crate::kernel::WordState::new(games::rng_from_seed(clock_seed())),
            bye: None,
            undo: None,
        };
        let _ = f.vm.mem.set_cell(memory::BASE_ADDR as i64, 10);
        let _ = f.vm.mem.set_cell(memory::WARNINGS_ADDR as i64, -1);
        f.sync_argc();
        // The game words live in their own word list, searched after FORTH,
        // so programs can define words of the same names without a note.
        f.vm.dict.new_wordlist(Some("games".into()));
        f.vm.dict.new_wordlist(Some("root".into()));
        for spec in crate::words::all_specs() {
            f.vm.dict.set_current(
                if matches!(
                    spec.set,
                    crate::words::WordSet::Games
                        | crate::words::WordSet::Course
                        | crate::words::WordSet::Turtle
                ) {
                    GAMES_WORDLIST
                } else {
                    0
                },
            );
            let instr = crate::words::core::hot(spec.instr);
            let (xt, _) = f.vm.dict.create(spec.name, Kind::Prim(instr), true);
            f.vm.dict.add_flags(xt, spec.flags);
        }
        // OUTFILE-ID is a VALUE (TO changes it) whose cell is at a fixed
        // address, which the output words read (its row in the io table
        // gives its help and glossary entry).
        let _ =
            f.vm.mem
                .set_cell(memory::OUTFILE_ADDR as i64, crate::io::STDOUT_ID);
        if let Some(xt) = f.vm.dict.search(0, "outfile-id") {
            f.vm.dict
                .set_kind(xt, Kind::Value(memory::OUTFILE_ADDR as u32));
        }
        f.set_current(ROOT_WORDLIST);
        for name in ROOT_WORDS {
            let Some(xt) = f.vm.dict.search(0, name) else {
                panic!("root word {name} is not built in");
            };
            let w = &f.vm.dict.words()[xt as usize];
            let (kind, flags) = (w.kind, w.flags);
            let (alias, _) = f.vm.dict.create(name, kind, true);
            f.vm.dict.add_flags(alias, flags);
        }
        f.set_current(0);
        f.vm.dict.reset_order();
        f.vm.dict
            .create("pad", Kind::Constant(memory::PAD_ADDR as i64), true);
        // The prelude loads under an interrupt nobody else holds yet: a
        // Ctrl-C meanwhile waits on the host's handle (see `set_interrupt`).
        let loaded = interp::interpret_text(&mut f, "<prelude>", PRELUDE.as_bytes().to_vec(), -1);
        if let Err(t) = loaded {
            let e = crate::report::error_for(&mut f, t);
            panic!("the prelude failed to load: {e}");
        }
        f.input.typed().clear();
        f.input.forget_token();
        let code = f.vm.code.here();
        f.vm.dict.start_user_words(code);
        f
    }

    /// A system for tests: output into a buffer, keys from a string.
    pub fn for_test(keys: &[u8]) -> (Forth, SharedBuf) {
        let buf = SharedBuf::default();
        let f = Forth::with_io(
            Box::new(buf.clone()),
            Box::new(buf.clone()),
            Box::new(ScriptedConsole::new(keys)),
        );
        (f, buf)
    }

    /// Set the script's command-line arguments (after the program name).
    pub fn set_args(&mut self, program: &str, args: &[String]) {
        self.host.args = std::iter::once(program.to_string())
            .chain(args.iter().cloned())
            .collect();
        self.sync_argc();
    }

    pub(crate) fn sync_argc(&mut self) {
        let _ = self
            .vm
            .mem
            .set_cell(memory::ARGC_ADDR as i64, self.host.args.len() as i64);
    }

    /// Settle a host call: an uncaught throw becomes an error report and
    /// the system is reset; BYE and QUIT end quietly.
    fn settle(&mut self, r: Res<()>) -> Result<Outcome, ForthError> {
        if r.is_ok() {
            self.pending.throw_msg = None;
        }
        // Output still buffered must reach its reader, or the host hears why not.
        let r = match (r, self.host.out.flush()) {
            (Ok(()) | Err(BYE), Err(e)) => Err(crate::words::io::output_error(self, e)),
            (r, _) => r,
        };
        match r {
            Ok(()) => Ok(Outcome::Continue),
            Err(BYE) => Ok(Outcome::Bye(self.bye.unwrap_or(0))),
            Err(QUIT) => {
                // QUIT empties the return stack only; the data stack stays.
                self.reset_after_quit();
                Ok(Outcome::Continue)
            }
            Err(t) => {
                let e = crate::report::error_for(self, t);
                self.reset_after_error();
                Err(e)
            }
        }
    }

    /// Interpret one line typed at the terminal (the REPL's entry point).
    pub fn interpret_line(&mut self, line: &str) -> Result<Outcome, ForthError> {
        self.interpret_input(line)
    }

    /// Interpret text typed at the REPL, which may span several lines (an
    /// unfinished definition or comment goes on to the next line).
    pub fn interpret_input(&mut self, text: &str) -> Result<Outcome, ForthError> {
        // `undo` alone is done here; any other line is kept for it first.
        if crate::undo::before_line(self, text) {
            return self.settle(Ok(()));
        }
        let r = self.interpret_typed(text);
        crate::undo::after_line(self);
        r
    }

    /// Keep the lines typed at the prompt so that `undo` can take them
    /// back (the REPL does; scripts and pipes do not), or stop keeping them.
    pub fn keep_undo(&mut self, on: bool) {
        crate::undo::keep(self, on);
    }

    /// Bytes and lines the prompt keeps for `undo`, when it keeps them.
    pub fn undo_kept(&self) -> Option<(usize, usize)> {
        let log = self.undo.as_ref()?;
        Some((crate::undo::total_bytes(log), log.entries.len()))
    }

    /// The most lines and bytes `undo` keeps.
    pub fn undo_limits() -> (usize, usize) {
        (
            crate::kernel::UndoLog::MAX_LINES,
            crate::kernel::UndoLog::MAX_BYTES,
        )
    }

    fn interpret_typed(&mut self, text: &str) -> Result<Outcome, ForthError> {
        // Kept before it runs, so a `check` on the same line sees it too.
        if let Some(t) = self.host.tutor.as_mut() {
            t.record(text);
        }
        // The line was ended with Enter: the output starts a fresh line.
        self.host.out.at_line_start = true;
        self.input.unwind();
        let typed = self.input.typed();
        typed.keep_tail(crate::input::KEPT_INPUT);
        let first = typed.len();
        for l in text.lines() {
            typed.push_line(l.as_bytes());
        }
        if text.is_empty() {
            typed.push_line(b"");
        }
        self.input.bottom_as(SourceKind::Text { next: first }).line = first as u32;
        let r = interp::interpret_source(self);
        self.input.bottom_as(SourceKind::Terminal);
        if r == Err(USER_INTERRUPT) {
            // Stopped with Ctrl-C (an endless loop, a long wait): a check
            // replaying the session gives it only a moment.
            if let Some(t) = self.host.tutor.as_mut() {
                t.mark_interrupted();
            }
        }
        self.settle(r)
    }

    /// The words the REPL can complete and colour: name, whether it is the
    /// user's, and its stack effect.
    pub fn repl_words(&mut self) -> Vec<(String, bool, Option<String>)> {
        let names = teach::visible_names(self);
        names
            .into_iter()
            .filter_map(|n| {
                let xt = self.vm.dict.lookup_view(&n)?;
                let user = xt >= self.vm.dict.user_start();
                let effect = teach::info_for(self, xt).effect;
                Some((n, user, effect))
            })
            .collect()
    }

    /// Keep the steps TRACE prints (at most `MAX_TRACE_STEPS` until they
    /// are taken), for a host that shows them one by one: the browser's
    /// stack panel steps through a traced run.
    pub fn record_trace(&mut self, on: bool) {
        self.trace.steps = on.then(Vec::new);
    }

    /// The trace steps kept since the last time they were taken.
    pub fn take_trace_steps(&mut self) -> Vec<crate::kernel::TraceStep> {
        self.trace
            .steps
            .as_mut()
            .map(std::mem::take)
            .unwrap_or_default()
    }

    /// A number that changes whenever `repl_words` may answer differently
    /// (a word defined or forgotten, the search order or BASE changed), so
    /// a caller can ask again only then: `repl_words` sorts every visible
    /// name.
    pub fn words_signature(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let d = &self.vm.dict;
        let mut h = std::collections::hash_map::DefaultHasher::new();
        d.words().len().hash(&mut h);
        for wl in d.wordlists() {
            wl.map.len().hash(&mut h);
        }
        d.order().hash(&mut h);
        d.current().hash(&mut h);
        self.base().hash(&mut h);
        h.finish()
    }

    /// Trace a word by name now, and whenever a word of that name is defined
    /// later (for `--trace NAME` before the script defines it).
    /// Fails (with the reason as the error's message) when the word exists
    /// but cannot be traced.
    pub fn trace_name(&mut self, name: &str) -> Result<(), ForthError> {
        self.trace.trace_names.push(name.to_ascii_lowercase());
        if let Some(xt) = self.vm.dict.find(name)
            && let Err(t) = self.trace_xt(xt, true)
        {
            let e = crate::report::error_for(self, t);
            self.reset_after_error();
            return Err(e);
        }
        Ok(())
    }

    /// Watch (or stop watching) a colon definition.
    pub(crate) fn trace_xt(&mut self, xt: u32, on: bool) -> Res<()> {
        let Kind::Colon(start) = self.vm.dict.words()[xt as usize].kind else {
            let name = self.vm.dict.words()[xt as usize].name.to_string();
            return Err(self.fail(
                INVALID_NAME,
                format!("`{name}` is built in; only colon definitions can be traced"),
            ));
        };
        self.trace.traced.retain(|&s| s != start);
        if on {
            self.trace.traced.push(start);
        }
        Ok(())
    }

    /// End the output's current line, if a word left it open (before the
    /// REPL reports an error, so the report starts on a line of its own).
    /// True when it had to.
    pub fn end_output_line(&mut self) -> bool {
        let mid_line = !self.host.out.at_line_start;
        if mid_line {
            let _ = self.host.out.write_all(b"\n");
        }
        let _ = self.host.out.flush();
        mid_line
    }

    /// The turtle and what it has drawn (the turtle words'), for a host
    /// that shows it: read the ops added since it last looked with
    /// [`Drawing::mark`] and [`Drawing::since`], or all of it as SVG
    /// with [`Drawing::to_svg`].
    ///
    /// [`Drawing::mark`]: crate::Drawing::mark
    /// [`Drawing::since`]: crate::Drawing::since
    /// [`Drawing::to_svg`]: crate::Drawing::to_svg
    pub fn drawing(&self) -> &crate::drawing::Drawing {
        &self.words.turtle
    }

    /// The stack as the REPL shows it after ` ok`, if it is shown.
    pub fn ok_stack(&self) -> Option<String> {
        self.prefs.show_stack.then(|| {
            crate::words::tools::stack_text_top(self, OK_STACK_CELLS)
                .trim_end()
                .to_string()
        })
    }

    /// Run a file as the main script.
    pub fn run_file(&mut self, path: &str) -> Result<Outcome, ForthError> {
        self.input.main_script = Some(
            interp::resolve_path(self, path)
                .to_string_lossy()
                .into_owned(),
        );
        // An error before the file's first token points at nothing older.
        self.input.forget_token();
        let r = interp::included(self, path).and_then(|()| self.ended_inside("file"));
        self.input.main_script = None;
        self.settle(r)
    }

    /// At the end of a script (a file, `-e` code, piped input): a
    /// definition still open is an error (-39) pointing at its `:`, not a
    /// silent success.
    fn ended_inside(&mut self, what: &str) -> Res<()> {
        let Some(def) = self.compiler.def.clone() else {
            return Ok(());
        };
        let name = &self.vm.dict.words()[def.xt as usize].name;
        let inside = if def.at_prompt {
            "a control structure typed outside a definition (is its closing word missing?)"
                .to_string()
        } else if def.noname {
            "a `:noname` definition (is its `;` missing?)".to_string()
        } else {
            format!("the definition of `{name}` (is its `;` missing?)")
        };
        self.input.note_token(Some(def.at), "");
        Err(self.fail(
            crate::error::UNEXPECTED_EOF,
            format!("the {what} ended inside {inside}"),
        ))
    }

    /// Run code given as text (`-e`), named `name` in error messages.
    pub fn run_code(&mut self, name: &str, code: &str) -> Result<Outcome, ForthError> {
        self.input.forget_token();
        let r = interp::interpret_text(self, name, code.as_bytes().to_vec(), 0)
            .and_then(|()| self.ended_inside("code"));
        self.settle(r)
    }

    /// Interpret standard input line by line, as `playforth < prog.fs`.
    /// Errors are reported through `on_error` and reading goes on, but for
    /// Ctrl-C (-28), which ends the run.
    pub fn run_stdin(&mut self, mut on_error: impl FnMut(&ForthError, bool) -> bool) -> Outcome {
        // The host reports an error, told whether the output stopped mid
        // line; true when its report ended that line (on the same screen).
        let mut report = |f: &mut Forth, e: &ForthError| {
            if on_error(e, f.output_mid_line()) {
                f.host.out.at_line_start = true;
            }
        };
        self.input.bottom_as(SourceKind::Stdin);
        loop {
            let r = match crate::parse::refill(self) {
                Ok(false) => match self.ended_inside("input") {
                    Ok(()) => return Outcome::Continue,
                    Err(t) => {
                        if let Err(e) = self.settle(Err(t)) {
                            report(self, &e);
                        }
                        return Outcome::Continue;
                    }
                },
                Ok(true) => interp::interpret(self),
                Err(t) => Err(t),
            };
            match self.settle(r) {
                Ok(Outcome::Continue) => {}
                Ok(bye) => return bye,
                // No one reads the output any more: stop reading input too.
                Err(_) if self.output_closed() => return Outcome::Continue,
                // Ctrl-C stops the script, not just its line.
                Err(e) if e.code == USER_INTERRUPT.0 => {
                    report(self, &e);
                    return Outcome::Continue;
                }
                Err(e) => report(self, &e),
            }
        }
    }

    /// Let IF, DO, ?DO, BEGIN and CASE typed outside a definition run at
    /// once (the REPL turns this on; files keep the standard's behaviour).
    pub fn set_prompt_control(&mut self, on: bool) {
        self.prefs.prompt_control = on;
    }

    /// Wrap the system's own notes and warnings at blanks to `width`
    /// columns (the REPL gives the terminal's width before each line);
    /// 0, the default, writes each as one line.
    pub fn set_note_width(&mut self, width: usize) {
        self.host.note_width = width;
    }

    /// `--plain`: boards stay in plain ASCII even on a terminal (`pretty?`
    /// is false).
    pub fn set_plain(&mut self, plain: bool) {
        if plain {
            self.host.out.pretty = false;
        }
    }

    /// Draw the games' boards with colour and Unicode (`pretty?`) even
    /// though the output is no terminal: for a page that shows ANSI
    /// colours (`playforth serve`).
    pub fn set_pretty(&mut self, pretty: bool) {
        self.host.out.pretty = pretty;
    }

    /// The float stack, bottom first (the data stack is `stack`).
    pub fn float_stack(&self) -> &[f64] {
        self.vm.stacks.fstack()
    }

    /// Is the system in the middle of a colon definition?
    /// The board picture the running game published last with
    /// SHOW-PICTURE (None before the first): what a page draws beside the
    /// REPL, one description of the position the terminal shows as text.
    pub fn picture(&self) -> Option<&crate::picture::Picture> {
        self.words.games.picture.shown.as_ref()
    }

    /// Hear each board picture as SHOW-PICTURE publishes it, while the
    /// game runs (None: no more).
    pub fn set_picture_hook(&mut self, hook: Option<crate::host::PictureHook>) {
        self.host.on_picture = hook;
    }

    /// How many pictures have been published: a host that polls draws
    /// again when this changed (a picture equal to the one before still
    /// counts).
    pub fn picture_generation(&self) -> u64 {
        self.words.games.picture.generation
    }

    pub fn in_definition(&self) -> bool {
        self.compiling() || self.compiler.def.is_some()
    }
}

impl Default for Forth {
    fn default() -> Self {
        Forth::new()
    }
}
