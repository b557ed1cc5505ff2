//! One student's session: the process `playforth serve` starts for each
//! page (`playforth serve --session`, never typed by a person). It fences
//! itself (`fence`), runs a Forth system as the terminal REPL does, and
//! speaks the line protocol of docs/protocol.md on its stdin and stdout:
//! one JSON object per line each way.
//!
//! Threads: the main one runs Forth; `reader` takes the server's messages
//! (lines go to a queue that the REPL loop and ACCEPT/KEY read; `stop`
//! raises the system's Ctrl-C flag at once, whatever is running);
//! `watchdog` sends output as it comes (every 30 ms) and stops a line that
//! has used its CPU budget.

use super::fence::{self, Rlimits};
use super::tutor::{self, ClassTutor, Kept, Say};
use playforth::learn::Lesson;
use playforth::repl_line as line;
use playforth::{Console, Forth, Interrupt, Line, Outcome, Throw};
use serde_json::{Value, json};
use std::collections::VecDeque;
use std::io::{BufRead, Read, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError, SyncSender, TrySendError, sync_channel};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

/// What the server passes a session on its command line.
#[derive(Clone, Debug)]
pub struct Options {
    pub scratch: PathBuf,
    /// CPU seconds one line may use before it is stopped as Ctrl-C would.
    pub line_cpu: u64,
    /// Output bytes one line may write before the rest is dropped.
    pub out_cap: usize,
    pub rlimits: Rlimits,
    pub seed: Option<u64>,
    /// A class's session: the course comes from the server first (its
    /// lessons, the student's progress) and results go back to it.
    pub classroom: bool,
}

/// The longest message from the server that is read (a line the page
/// sends is at most `super::MAX_LINE`; the rest is cut there too).
const MAX_MESSAGE: usize = 2 * super::MAX_LINE;

/// The most lines typed ahead of a running word that are kept.
const MAX_TYPED_AHEAD: usize = 1000;

/// Lock a mutex, whatever another thread did while holding it.
fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// Output waiting to be sent, in order, each piece tagged out or err.
#[derive(Default)]
struct Pending {
    pieces: Vec<(&'static str, Vec<u8>)>,
    /// Bytes written during the line being run.
    line_bytes: usize,
    /// The line's output passed the cap: the rest is dropped.
    cut: bool,
    since: Option<Instant>,
}

/// The session's side of stdout: messages go out whole, one per line.
#[derive(Clone)]
struct Emitter {
    pending: Arc<Mutex<Pending>>,
    stdout: Arc<Mutex<std::io::Stdout>>,
    cap: usize,
}

impl Emitter {
    fn send(&self, msg: &Value) {
        let mut text = msg.to_string();
        text.push('\n');
        let mut out = lock(&self.stdout);
        // The server gone: nothing to do but stop, which reading stdin's
        // end will do.
        let _ = out.write_all(text.as_bytes()).and_then(|_| out.flush());
    }

    /// Take what is waiting and send it as out/err messages. Bytes of a
    /// character cut in two wait for the rest.
    fn flush(&self) {
        let pieces = {
            let mut p = lock(&self.pending);
            p.since = None;
            std::mem::take(&mut p.pieces)
        };
        let mut keep: Option<(&'static str, Vec<u8>)> = None;
        for (kind, bytes) in pieces {
            let valid = match std::str::from_utf8(&bytes) {
                Ok(_) => bytes.len(),
                Err(e) if e.error_len().is_none() => e.valid_up_to(),
                Err(_) => bytes.len(),
            };
            let text = String::from_utf8_lossy(&bytes[..valid]);
            if !text.is_empty() {
                self.send(&json!({"t": kind, "s": text}));
            }
            if valid < bytes.len() {
                keep = Some((kind, bytes[valid..].to_vec()));
            }
        }
        if let Some(k) = keep {
            let mut p = lock(&self.pending);
            p.pieces.insert(0, k);
        }
    }

    fn write(&self, kind: &'static str, buf: &[u8]) {
        let mut p = lock(&self.pending);
        if p.cut {
            return;
        }
        let room = self.cap.saturating_sub(p.line_bytes);
        let take = buf.len().min(room);
        p.line_bytes += take;
        match p.pieces.last_mut() {
            Some((k, bytes)) if *k == kind => bytes.extend_from_slice(&buf[..take]),
            _ => p.pieces.push((kind, buf[..take].to_vec())),
        }
        if take < buf.len() {
            p.cut = true;
            let note = format!(
                "\n(output cut: this line wrote more than {} KiB; the rest is dropped — \
                 press Stop if it is still running)\n",
                self.cap / 1024
            );
            p.pieces.push(("err", note.into_bytes()));
        }
        p.since.get_or_insert_with(Instant::now);
        let big = p.pieces.iter().map(|(_, b)| b.len()).sum::<usize>() > 16 * 1024;
        drop(p);
        if big {
            self.flush();
        }
    }

    /// A new line starts: its output may fill the cap again.
    fn new_line(&self) {
        let mut p = lock(&self.pending);
        p.line_bytes = 0;
        p.cut = false;
    }
}

/// A `Write` for the system's output or diagnostics.
struct Stream {
    kind: &'static str,
    emit: Emitter,
}

impl Write for Stream {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.emit.write(self.kind, buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// KEY, KEY? and ACCEPT read the lines the student types while a word
/// runs (a game asking for a move), from the same queue as the REPL.
struct PageConsole {
    lines: Arc<Mutex<Receiver<String>>>,
    keys: VecDeque<u8>,
    irq: Option<Interrupt>,
    emit: Emitter,
}

impl PageConsole {
    /// The next line typed, waiting for it (Stop ends the wait with -28).
    fn next_line(&mut self) -> Result<Option<String>, Throw> {
        // Show what was written so far (the question) and tell the page
        // that a running word waits for a line.
        self.emit.flush();
        self.emit.send(&json!({"t": "input"}));
        let rx = lock(&self.lines);
        loop {
            match rx.recv_timeout(Duration::from_millis(50)) {
                Ok(l) => return Ok(Some(l)),
                Err(RecvTimeoutError::Timeout) => {
                    if let Some(irq) = &self.irq
                        && irq.is_raised()
                    {
                        irq.clear();
                        return Err(playforth::throw::USER_INTERRUPT);
                    }
                }
                Err(RecvTimeoutError::Disconnected) => return Ok(None),
            }
        }
    }

    /// A typed line as keys, its Enter last.
    fn keys_of(&mut self, line: String) {
        self.keys.extend(line.bytes());
        self.keys.push_back(b'\n');
    }

    /// Keys waiting, refilled from a typed line when empty.
    fn fill(&mut self) -> Result<bool, Throw> {
        if self.keys.is_empty() {
            match self.next_line()? {
                Some(l) => self.keys_of(l),
                None => return Ok(false),
            }
        }
        Ok(true)
    }
}

impl Console for PageConsole {
    fn key(&mut self) -> Result<Option<u8>, Throw> {
        Ok(if self.fill()? {
            self.keys.pop_front()
        } else {
            None
        })
    }
    fn key_ready(&mut self) -> bool {
        if self.keys.is_empty() {
            let typed = lock(&self.lines).try_recv();
            if let Ok(l) = typed {
                self.keys_of(l);
            }
        }
        !self.keys.is_empty()
    }
    fn read_line(&mut self, max: usize) -> Result<Option<Line>, Throw> {
        if self.keys.is_empty() {
            return Ok(self.next_line()?.map(|l| {
                let cut = l.len() > max;
                let mut bytes = l.into_bytes();
                bytes.truncate(max);
                Line { bytes, cut }
            }));
        }
        // The rest of a line KEY began.
        let mut bytes = Vec::new();
        let mut cut = false;
        while let Some(b) = self.keys.pop_front() {
            if b == b'\n' {
                break;
            }
            if bytes.len() < max {
                bytes.push(b);
            } else {
                cut = true;
            }
        }
        Ok(Some(Line { bytes, cut }))
    }
    fn read(&mut self, buf: &mut [u8]) -> Result<usize, Throw> {
        if buf.is_empty() || !self.fill()? {
            return Ok(0);
        }
        let n = buf.len().min(self.keys.len());
        for (i, b) in self.keys.drain(..n).enumerate() {
            buf[i] = b;
        }
        Ok(n)
    }
    fn attach_interrupt(&mut self, irq: Interrupt) {
        self.irq = Some(irq);
    }
}

/// The CPU time this process has used.
fn cpu_used() -> Duration {
    use nix::sys::resource::{UsageWho, getrusage};
    getrusage(UsageWho::RUSAGE_SELF).map_or(Duration::ZERO, |u| {
        let t = |tv: nix::sys::time::TimeVal| {
            Duration::from_secs(tv.tv_sec().max(0) as u64)
                + Duration::from_micros(tv.tv_usec().max(0) as u64)
        };
        t(u.user_time()) + t(u.system_time())
    })
}

/// The watchdog's view of the line being run.
#[derive(Default)]
struct Running {
    /// The CPU time used when the line started, while one runs.
    started: Option<Duration>,
}

/// Read the server's messages: lines to the queue, Stop to the flag.
fn reader(
    tx: SyncSender<String>,
    irq: Interrupt,
    width: Arc<Mutex<usize>>,
    emit: Emitter,
    class: ClassSide,
) {
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let mut buf = Vec::new();
    let mut said_dropped: Option<Instant> = None;
    loop {
        buf.clear();
        match (&mut input)
            .take(MAX_MESSAGE as u64)
            .read_until(b'\n', &mut buf)
        {
            Ok(0) | Err(_) => return,
            Ok(_) => {}
        }
        // A message longer than the most the server sends: skip its rest.
        if buf.last() != Some(&b'\n') {
            let mut rest = Vec::new();
            while !matches!(input.read_until(b'\n', &mut rest), Ok(0) | Err(_)) {
                if rest.last() == Some(&b'\n') {
                    break;
                }
                rest.clear();
            }
            continue;
        }
        let Ok(msg) = serde_json::from_slice::<Value>(&buf) else {
            continue;
        };
        match msg["t"].as_str() {
            Some("line") => {
                if let Some(s) = msg["s"].as_str() {
                    match tx.try_send(s.to_string()) {
                        Ok(()) => {}
                        // Typed far ahead of a word that runs: this line
                        // is dropped (Stop still gets through), said once
                        // a second at most.
                        Err(TrySendError::Full(_)) => {
                            if said_dropped.is_none_or(|t| t.elapsed() > Duration::from_secs(1)) {
                                said_dropped = Some(Instant::now());
                                emit.write(
                                    "err",
                                    format!(
                                        "(more than {MAX_TYPED_AHEAD} lines wait for the running word: \
                                         lines typed now are dropped)\n"
                                    )
                                    .as_bytes(),
                                );
                            }
                        }
                        Err(TrySendError::Disconnected(_)) => return,
                    }
                }
            }
            Some("stop") => irq.raise(),
            Some("handin" | "program" | "solutions") => class.on_message(&msg, &emit),
            Some("size") => {
                if let Some(cols) = msg["cols"].as_u64() {
                    *lock(&width) = (cols as usize).clamp(20, 400);
                }
            }
            _ => {}
        }
    }
}

/// What the reader thread needs for a class's messages.
struct ClassSide {
    kept: Arc<Mutex<Kept>>,
    lessons: Arc<Vec<Lesson>>,
    solutions: Arc<Mutex<String>>,
    /// A hand-in is being checked (one at a time).
    checking: Arc<AtomicBool>,
}

impl ClassSide {
    /// `handin`, `program` and `solutions` from the server: answered here,
    /// beside whatever the student's line is doing.
    fn on_message(&self, msg: &Value, emit: &Emitter) {
        let say: Say = {
            let emit = emit.clone();
            Arc::new(move |m: &Value| emit.send(m))
        };
        match msg["t"].as_str() {
            Some("program") => {
                let inputs = lock(&self.kept).program();
                emit.send(&json!({"t": "program", "text": inputs.join("\n"), "inputs": inputs}));
            }
            Some("solutions") => {
                if let Some(p) = msg["policy"].as_str() {
                    *lock(&self.solutions) = p.to_string();
                }
            }
            Some("handin") => {
                let name = msg["lesson"].as_str().unwrap_or("");
                let Some(lesson) = self.lessons.iter().find(|l| l.name == name).cloned() else {
                    emit.send(&json!({"t": "handin-refused", "why": format!("there is no lesson `{name}` in this class's course")}));
                    return;
                };
                if self.checking.swap(true, Ordering::SeqCst) {
                    emit.send(&json!({"t": "handin-refused", "why": "a hand-in is being checked: wait for its result"}));
                    return;
                }
                let file = match (msg["file"]["name"].as_str(), msg["file"]["text"].as_str()) {
                    (Some(n), Some(t)) => Some((n.to_string(), t.to_string())),
                    _ => None,
                };
                let inputs = lock(&self.kept).program();
                if file.is_none() && inputs.is_empty() {
                    self.checking.store(false, Ordering::SeqCst);
                    emit.send(&json!({"t": "handin-refused", "why": "nothing to hand in yet: type your words first (or hand in a file)"}));
                    return;
                }
                let checking = self.checking.clone();
                // Its own thread: Stop and the student's lines go on.
                let spawned = std::thread::Builder::new()
                    .stack_size(8 << 20)
                    .spawn(move || {
                        let file = file.as_ref().map(|(n, t)| (n.as_str(), t.as_str()));
                        let handed = tutor::hand_in(&lesson, Some(&inputs), file);
                        // Free before the result goes: the next hand-in
                        // may follow it at once.
                        checking.store(false, Ordering::SeqCst);
                        say(&handed);
                    });
                if spawned.is_err() {
                    self.checking.store(false, Ordering::SeqCst);
                    emit.send(&json!({"t": "handin-refused", "why": "the session could not start the check: try again"}));
                }
            }
            _ => {}
        }
    }
}

/// A line that has computed this long is no quick answer: the session
/// runs at a lower priority from then on (`fence::lower_priority`).
const LONG_LINE_CPU: Duration = Duration::from_secs(1);

/// Send output as it comes, lower the priority of a long computation, and
/// stop a line past its CPU budget.
fn watchdog(
    emit: Emitter,
    running: Arc<Mutex<Running>>,
    irq: Interrupt,
    budget: Duration,
    over: Arc<AtomicBool>,
    forth_thread: nix::unistd::Pid,
) {
    let mut lowered = false;
    loop {
        std::thread::sleep(Duration::from_millis(30));
        let due = lock(&emit.pending)
            .since
            .is_some_and(|t| t.elapsed() >= Duration::from_millis(30));
        if due {
            emit.flush();
        }
        let started = lock(&running).started;
        let Some(start) = started else {
            continue;
        };
        let used = cpu_used().saturating_sub(start);
        if !lowered && used > LONG_LINE_CPU {
            fence::lower_priority(forth_thread);
            lowered = true;
        }
        if used > budget && !over.swap(true, Ordering::SeqCst) {
            irq.raise();
        }
    }
}

/// The words the page completes and colours with, sent when they change.
fn words_message(forth: &mut Forth) -> Value {
    let list: Vec<Value> = forth
        .repl_words()
        .into_iter()
        .map(|(n, user, e)| json!([n, user, e]))
        .collect();
    json!({"t": "words", "base": forth.base(), "list": list})
}

/// Floats for the page: JSON has no NaN or infinity, those go as text.
fn floats_json(floats: &[f64]) -> Vec<Value> {
    floats
        .iter()
        .map(|&f| {
            if f.is_finite() {
                json!(f)
            } else {
                json!(f.to_string())
            }
        })
        .collect()
}

/// The stacks, for the page's stack panel.
fn stacks_message(forth: &Forth, ok: Option<String>) -> Value {
    let floats = floats_json(forth.float_stack());
    json!({
        "t": "ready",
        "ok": ok,
        "stack": forth.stack(),
        "floats": floats,
        "base": forth.base(),
    })
}

/// The most drawing operations in one `draw` message (a long drawing goes
/// as several).
const OPS_PER_MESSAGE: usize = 4000;

/// A board picture as the page's board.js reads it: the Rust fields by
/// their names (src/picture.rs).
fn board_message(p: &playforth::Picture) -> Value {
    let sq = |s: &playforth::Square| json!({"file": s.file, "rank": s.rank});
    json!({"t": "board", "picture": {
        "kind": p.kind,
        "files": p.files,
        "ranks": p.ranks,
        "ranks_down": p.ranks_down,
        "grounds": p.grounds.iter().map(|g| json!({"square": sq(&g.square), "text": g.text})).collect::<Vec<_>>(),
        "pieces": p.pieces.iter().map(|x| json!({"square": sq(&x.square), "text": x.text, "side": x.side})).collect::<Vec<_>>(),
        "moves": p.moves.iter().map(|m| json!({"from": m.from.as_ref().map(sq), "to": sq(&m.to), "text": m.text})).collect::<Vec<_>>(),
        "last": p.last.as_ref().map(|l| json!({"from": l.from.as_ref().map(sq), "to": sq(&l.to)})),
        "choices": p.choices.iter().map(|c| json!({"label": c.label, "text": c.text})).collect::<Vec<_>>(),
        "caption": p.caption,
        "click": p.click.name(),
    }})
}

/// Where the turtle is and how it looks, as the page draws it.
fn turtle_of(forth: &Forth) -> Value {
    let t = forth.drawing().turtle();
    json!({"x": t.x, "y": t.y, "heading": t.heading, "visible": t.visible,
           "color": playforth::drawing::hex(t.color)})
}

/// The turtle drawing's operations since `mark`, as `draw` messages.
fn draw_messages(forth: &Forth, mark: playforth::drawing::Mark, turtle: &Value) -> Vec<Value> {
    use playforth::drawing::{Op, hex};
    let d = forth.drawing();
    let since = d.since(mark);
    let ops: Vec<Value> = since
        .ops
        .iter()
        .map(|op| match op {
            Op::Line {
                from,
                to,
                color,
                width,
            } => json!({
                "op": "line", "x1": from.0, "y1": from.1, "x2": to.0, "y2": to.1,
                "color": hex(*color), "width": width,
            }),
            Op::Screen(c) => json!({"op": "screen", "color": hex(*c)}),
        })
        .collect();
    let mut msgs: Vec<Value> = ops
        .chunks(OPS_PER_MESSAGE)
        .map(|c| json!({"t": "draw", "reset": false, "ops": c, "turtle": turtle}))
        .collect();
    if msgs.is_empty() {
        msgs.push(json!({"t": "draw", "reset": false, "ops": [], "turtle": turtle}));
    }
    msgs[0]["reset"] = json!(since.cleared);
    msgs
}

/// The server's first message to a class's session: its course and the
/// student's place in it (an empty object if none comes).
fn read_setup() -> Value {
    let mut line = Vec::new();
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    match (&mut input).take(64 << 20).read_until(b'\n', &mut line) {
        Ok(_) => serde_json::from_slice(&line).unwrap_or(Value::Null),
        Err(_) => Value::Null,
    }
}

/// Run a session: fence, then read lines and answer as the REPL does.
pub fn run(opts: &Options) -> ExitCode {
    // The Landlock domain first, on the only thread (those made after it
    // inherit it).
    let landlock = fence::apply_landlock(&opts.scratch);
    if let Err(e) = fence::apply_rlimits(&opts.rlimits) {
        eprintln!("playforth session: limits: {e}");
        return ExitCode::from(1);
    }
    let emit = Emitter {
        pending: Arc::default(),
        stdout: Arc::new(Mutex::new(std::io::stdout())),
        cap: opts.out_cap,
    };
    // Lines typed ahead of a running word wait here, a bounded number.
    let (tx, rx) = sync_channel::<String>(MAX_TYPED_AHEAD);
    let lines = Arc::new(Mutex::new(rx));
    let console = PageConsole {
        lines: lines.clone(),
        keys: VecDeque::new(),
        irq: None,
        emit: emit.clone(),
    };
    let out = Stream {
        kind: "out",
        emit: emit.clone(),
    };
    let diag = Stream {
        kind: "err",
        emit: emit.clone(),
    };
    let mut forth = Forth::with_io(Box::new(out), Box::new(diag), Box::new(console));
    let irq = Interrupt::new();
    forth.set_interrupt(irq.clone());
    forth.set_pretty(true);
    forth.set_prompt_control(true);
    forth.keep_undo(true);
    forth.record_trace(true);
    // A game's board goes to the page as the game publishes it: after the
    // output before it, while the game runs and waits for a move.
    {
        let emit = emit.clone();
        forth.set_picture_hook(Some(Box::new(move |p| {
            emit.flush();
            emit.send(&board_message(p));
        })));
    }
    if let Some(seed) = opts.seed {
        forth.set_seed(seed);
    }
    let kept = Arc::new(Mutex::new(Kept::default()));
    let solutions = Arc::new(Mutex::new("on".to_string()));
    let mut course = playforth::learn::Course::new();
    if opts.classroom {
        // The class's course and where the student is in it come first.
        let setup = read_setup();
        if let Some(list) = setup["lessons"].as_array() {
            let lessons: Vec<Lesson> = list
                .iter()
                .filter_map(|l| Lesson::parse(l["file"].as_str()?, l["text"].as_str()?).ok())
                .collect();
            course.set_lessons(lessons);
        }
        let passed = setup["passed"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|p| p.as_str().map(str::to_string));
        course.set_progress(setup["current"].as_str(), passed);
        if let Some(p) = setup["solutions"].as_str() {
            *lock(&solutions) = p.to_string();
        }
    } else {
        course.set_progress_file(opts.scratch.join("course-progress"));
    }
    let lessons = Arc::new(course.lesson_list().to_vec());
    let say: Say = {
        let emit = emit.clone();
        Arc::new(move |m: &Value| emit.send(m))
    };
    forth.set_tutor(Some(Box::new(ClassTutor {
        course,
        kept: kept.clone(),
        solutions: solutions.clone(),
        say,
        report: opts.classroom,
    })));
    let class_side = ClassSide {
        kept: kept.clone(),
        lessons,
        solutions,
        checking: Arc::new(AtomicBool::new(false)),
    };
    let width = Arc::new(Mutex::new(80usize));
    let running = Arc::new(Mutex::new(Running::default()));
    let over = Arc::new(AtomicBool::new(false));
    {
        let (irq, width, emit) = (irq.clone(), width.clone(), emit.clone());
        std::thread::spawn(move || reader(tx, irq, width, emit, class_side));
    }
    {
        let (emit, running, irq, over) = (emit.clone(), running.clone(), irq.clone(), over.clone());
        let budget = Duration::from_secs(opts.line_cpu);
        let forth_thread = nix::unistd::gettid();
        std::thread::spawn(move || watchdog(emit, running, irq, budget, over, forth_thread));
    }
    let seccomp = fence::apply_seccomp();
    emit.send(&json!({
        "t": "hello",
        "version": env!("CARGO_PKG_VERSION"),
        "fences": {"landlock": landlock, "seccomp": seccomp.as_ref().map_or_else(|e| e.as_str(), |_| "on")},
    }));
    let mut signature = forth.words_signature();
    let mut mark = forth.drawing().mark();
    let mut turtle = turtle_of(&forth);
    emit.send(&words_message(&mut forth));
    emit.send(&stacks_message(&forth, None));
    let mut input = String::new();
    let mut open = line::Open::default();
    loop {
        let next = lock(&lines).recv_timeout(Duration::from_millis(50));
        let typed = match next {
            Ok(typed) => typed,
            Err(RecvTimeoutError::Disconnected) => return ExitCode::SUCCESS,
            Err(RecvTimeoutError::Timeout) => {
                // Stop while a definition is open throws it away, as
                // Ctrl-C does at the terminal's prompt.
                if irq.is_raised() {
                    irq.clear();
                    if !input.is_empty() {
                        let note = format!("({} was discarded)\n", open.what_is_open());
                        emit.send(&json!({"t": "err", "s": note}));
                        input.clear();
                        open = line::Open::default();
                        emit.send(&stacks_message(&forth, None));
                    }
                }
                continue;
            }
        };
        let continued = !input.is_empty();
        input.push_str(&typed);
        input.push('\n');
        open.feed(&typed);
        if open.unfinished() {
            // Using the word inside its own open definition usually means
            // the `;` was forgotten: say so (as the terminal REPL does).
            if (continued || open.text_ran_out())
                && let Some(note) = open.note(&typed)
            {
                emit.write("err", format!("{note}\n").as_bytes());
            }
            emit.flush();
            emit.send(&json!({"t": "more", "prompt": open.continuation_prompt()}));
            continue;
        }
        let text = std::mem::take(&mut input);
        open = line::Open::default();
        let cols = *lock(&width);
        forth.set_note_width(cols);
        emit.new_line();
        irq.clear();
        over.store(false, Ordering::SeqCst);
        lock(&running).started = Some(cpu_used());
        let result = forth.interpret_input(text.trim_end_matches('\n'));
        lock(&running).started = None;
        let ok = match result {
            Ok(Outcome::Continue) if forth.in_definition() => Some(" compiled".to_string()),
            Ok(Outcome::Continue) => Some(match forth.ok_stack() {
                Some(s) => format!(" ok {s}"),
                None => " ok".to_string(),
            }),
            Ok(Outcome::Bye(code)) => {
                emit.flush();
                emit.send(&json!({"t": "bye", "code": code}));
                return ExitCode::SUCCESS;
            }
            Err(e) => {
                forth.end_output_line();
                if opts.classroom && e.code != playforth::throw::USER_INTERRUPT.0 {
                    // The word: the one that raised it, or the one the
                    // message names (`undefined word `sqaure``).
                    let named = e.message.split('`').nth(1);
                    let word = e.word.as_deref().or(named).unwrap_or("");
                    emit.send(&json!({"t": "error", "code": e.code, "word": word}));
                }
                let report = crate::repl::paint_lines(&e.prompt_lines(cols));
                let mut msg = format!("{report}\n");
                if e.code == playforth::throw::USER_INTERRUPT.0 && over.load(Ordering::SeqCst) {
                    emit.send(&json!({"t": "limit", "what": format!("a line used its {} s of CPU", opts.line_cpu)}));
                    msg.push_str(&playforth::wrap_note(
                        &format!(
                            "(stopped by the server: this line used its {} s of CPU — a loop \
                             that never ends? Each line may compute for {} s)",
                            opts.line_cpu, opts.line_cpu
                        ),
                        cols,
                    ));
                    msg.push('\n');
                }
                if let Some(note) = line::prompt_note(&text, &e) {
                    msg.push_str(&playforth::wrap_note(&note, cols));
                    msg.push('\n');
                }
                // The report is never cut with the output.
                emit.flush();
                emit.send(&json!({"t": "err", "s": msg}));
                None
            }
        };
        emit.flush();
        if lock(&emit.pending).cut {
            emit.send(&json!({"t": "limit", "what": format!("a line wrote more than {} KiB", opts.out_cap / 1024)}));
        }
        // A traced word ran: its steps, for the stack panel to walk.
        let steps = forth.take_trace_steps();
        if !steps.is_empty() {
            let list: Vec<Value> = steps
                .iter()
                .map(|s| json!({"word": s.word, "depth": s.depth, "stack": s.stack, "floats": floats_json(&s.floats)}))
                .collect();
            emit.send(&json!({"t": "trace", "steps": list, "cut": steps.len() >= playforth::MAX_TRACE_STEPS}));
        }
        // The turtle drew or moved: what is new goes to the page.
        let now = turtle_of(&forth);
        if forth.drawing().mark() != mark || now != turtle {
            for m in draw_messages(&forth, mark, &now) {
                emit.send(&m);
            }
            mark = forth.drawing().mark();
            turtle = now;
        }
        let now = forth.words_signature();
        if now != signature {
            signature = now;
            emit.send(&words_message(&mut forth));
            // The student's program, kept for next time.
            if opts.classroom {
                let inputs = lock(&kept).program();
                emit.send(&json!({"t": "defs", "text": inputs.join("\n"), "inputs": inputs}));
            }
        }
        emit.send(&stacks_message(&forth, ok));
    }
}

/// `playforth serve --recheck`: check a lesson's hand-ins again, fenced
/// as a session is (they are students' programs). Reads one message,
/// `{"lessons": [{"file", "text"}] | null, "lesson", "handins": [{"id",
/// "source", "program", "inputs"}]}`, and writes a line a hand-in:
/// `{"id", "passed", "total", "ok", "report"}`.
pub fn recheck(opts: &Options) -> ExitCode {
    fence::apply_landlock(&opts.scratch);
    if let Err(e) = fence::apply_rlimits(&opts.rlimits) {
        eprintln!("playforth recheck: limits: {e}");
        return ExitCode::from(1);
    }
    let job = read_setup();
    let _ = fence::apply_seccomp();
    let lessons: Vec<Lesson> = match job["lessons"].as_array() {
        Some(list) => list
            .iter()
            .filter_map(|l| Lesson::parse(l["file"].as_str()?, l["text"].as_str()?).ok())
            .collect(),
        None => playforth::learn::builtin(),
    };
    let name = job["lesson"].as_str().unwrap_or("");
    let Some(lesson) = lessons.iter().find(|l| l.name == name) else {
        eprintln!("playforth recheck: no lesson `{name}`");
        return ExitCode::from(1);
    };
    let out = Arc::new(Mutex::new(std::io::stdout()));
    for h in job["handins"].as_array().into_iter().flatten() {
        let id = h["id"].clone();
        let inputs: Option<Vec<String>> = h["inputs"].as_array().map(|a| {
            a.iter()
                .filter_map(|v| v.as_str().map(str::to_string))
                .collect()
        });
        let source = h["source"].as_str().unwrap_or("session");
        let program = h["program"].as_str().unwrap_or("");
        let m = match inputs {
            Some(inputs) => tutor::hand_in(lesson, Some(&inputs), None),
            None => tutor::hand_in(lesson, None, Some((source, program))),
        };
        let r = json!({"id": id, "passed": m["passed"], "total": m["total"],
                       "ok": m["ok"], "report": m["report"]});
        let mut o = lock(&out);
        let _ = writeln!(o, "{r}").and_then(|_| o.flush());
    }
    ExitCode::SUCCESS
}
