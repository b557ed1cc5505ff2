//! The test that would have caught every reliability bug (issue 8):
//!
//! - random lines built from every built-in word never panic;
//! - random programs using every control word (BEGIN loops, DO loops with
//!   LEAVE/UNLOOP/EXIT, RECURSE, CASE, MS, CATCH/THROW and the return-stack
//!   words, misused too) always come back once Ctrl-C is pressed, and the
//!   system is still usable after each one;
//! - the real binary: a closed output pipe ends quietly with status 141, a
//!   full disk is reported, closed stdin is end of input, Ctrl-C stops every
//!   kind of loop and wait, piped input and included files keep peak memory
//!   bounded, long lines are read or refused clearly, and the reproducers of
//!   stale execution tokens, unclosed `{:`, return-stack imbalance, a
//!   missing script and a `--trace` message leak.
//!
//! Children run under a watchdog: one that hangs is killed and the test
//! fails naming it. Nothing here asserts on timing.
//!
//! Unix only: the children are waited for with their resource usage
//! (wait4) and stopped with signals.

#![cfg(unix)]

use playforth::{Forth, Outcome};
use std::io::{BufRead, BufReader, Read, Write};
use std::os::unix::process::CommandExt;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// The seed for the random tests (`ROBUST_SEED` overrides it).
fn seed() -> u64 {
    std::env::var("ROBUST_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(0x9E37_79B9_7F4A_7C15)
}

/// A small deterministic generator (xorshift), so failures reproduce.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    fn pick<'a>(&mut self, from: &[&'a str]) -> &'a str {
        from[self.below(from.len())]
    }
}
/// Words that could wait for input, loop, sleep or leave.
const SKIP: &[&str] = &[
    ">in",
    "begin",
    "again",
    "until",
    "repeat",
    "while",
    "do",
    "?do",
    "loop",
    "+loop",
    "recurse",
    "evaluate",
    "include",
    "included",
    "require",
    "required",
    "include-file",
    "key",
    "accept",
    "refill",
    "bye",
    "ms",
    "quit",
    "restore-input",
    "save-input",
    "open-file",
    "create-file",
    "delete-file",
    "rename-file",
    "write-file",
    "write-line",
    "resize-file",
];

#[test]
fn random_lines_never_panic() {
    // It presses Ctrl-C on its own system only (`Forth::interrupt`): the
    // tests beside it on other threads are not stopped.
    let words: Vec<&str> = playforth::all_specs()
        .map(|s| s.name)
        .filter(|n| !SKIP.contains(n))
        .chain([
            "dup", "drop", "here", "pad", "cell", "true", "x", ":", ";", "0", "-1", "1", "8",
        ])
        .collect();
    let numbers = [
        "0",
        "1",
        "-1",
        "7",
        "255",
        "4096",
        "-9223372036854775808",
        "9223372036854775807",
        "65536",
    ];
    let mut rng = Rng(seed());
    let (mut forth, out) = Forth::for_test(b"");
    // A watchdog: a line that runs for more than two seconds is stopped as
    // Ctrl-C would stop it (random code can still build a loop, e.g. by
    // storing into BASE and then into the input buffer).
    let started = Arc::new(AtomicU64::new(0));
    let watch = started.clone();
    let epoch = Instant::now();
    let irq = forth.interrupt();
    std::thread::spawn(move || {
        loop {
            std::thread::sleep(Duration::from_millis(100));
            let t = watch.load(Ordering::Relaxed);
            if t != 0 && epoch.elapsed().as_millis() as u64 > t + 2000 {
                irq.raise();
                watch.store(0, Ordering::Relaxed);
            }
        }
    });
    for round in 0..4000 {
        let len = 1 + rng.below(12);
        let line: Vec<&str> = (0..len)
            .map(|_| {
                if rng.below(3) == 0 {
                    numbers[rng.below(numbers.len())]
                } else {
                    words[rng.below(words.len())]
                }
            })
            .collect();
        let line = line.join(" ");
        if std::env::var_os("ROBUST_TRACE").is_some() {
            eprintln!("{round}: {line}");
        }
        started.store(epoch.elapsed().as_millis() as u64 + 1, Ordering::Relaxed);
        let r =
            std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| forth.interpret_line(&line)));
        started.store(0, Ordering::Relaxed);
        assert!(r.is_ok(), "round {round}: `{line}` panicked");
        out.take();
        if forth.in_definition() && rng.below(2) == 0 {
            let _ = forth.interpret_line(";");
        }
    }
}

// ---- random programs with every control word ----

const NUMS: &[&str] = &["0", "1", "2", "3", "-1", "7", "10", "1000"];
const SIMPLE: &[&str] = &[
    "dup", "drop", "swap", "over", "rot", "nip", "+", "-", "*", "and", "xor", "=", "<", "0=", "0<",
    "1+", "1-", "negate", "abs", "?dup", "2dup", "2drop", "max", "depth", ".",
];
/// Words out of place: unmatched structure words, loop indices and
/// return-stack words where they do not belong.
const MISUSED: &[&str] = &[
    ">r", "r>", "r@", "rdrop", "2>r", "2r>", "i", "j", "leave", "unloop", "exit", "then", "else",
    "repeat", "until", "again", "loop", "+loop", "of", "endof", "endcase", "throw", "recurse",
    "begin", "do", "?do", "while", "case",
];
const CONDITIONS: &[&str] = &[
    "0",
    "-1",
    "1",
    "dup",
    "dup 0=",
    "dup 0<",
    "depth 4 >",
    "2dup =",
];
const BOUNDS: &[&str] = &["0", "1", "3", "10", "100", "100000", "-1"];
const STEPS: &[&str] = &["1", "2", "-1", "0", "3", "-2"];
const THROWN: &[&str] = &["1", "-1", "-3", "-4", "7", "-28"];
/// Every control word the generated programs must use between them.
const CONTROL_WORDS: &[&str] = &[
    "begin", "until", "while", "repeat", "again", "do", "loop", "?do", "+loop", "leave", "unloop",
    "exit", "recurse", "case", "of", "endof", "endcase", "ms", "catch", "throw", ">r", "r>", "r@",
    "rdrop", "2>r", "2r>",
];

/// Random programs: a few colon definitions `w0`, `w1`, … (each may call
/// the ones before it) and a line that runs the last one.
struct ProgramGen {
    rng: Rng,
    t: Vec<String>,
    /// Whether this program may use words out of place.
    misuse: bool,
}

impl ProgramGen {
    fn emit(&mut self, words: &str) {
        self.t.extend(words.split(' ').map(str::to_string));
    }

    fn pick_emit(&mut self, from: &[&str]) {
        let w = self.rng.pick(from);
        self.emit(w);
    }

    fn program(&mut self) -> String {
        self.t.clear();
        self.misuse = self.rng.below(4) == 0;
        let defs = 1 + self.rng.below(3);
        for k in 0..defs {
            self.emit(&format!(": w{k}"));
            self.statements(k, 0, false);
            self.emit(";");
        }
        for _ in 0..self.rng.below(3) {
            self.pick_emit(NUMS);
        }
        let last = format!("w{}", defs - 1);
        match self.rng.below(6) {
            0 => self.emit(&format!("' {last} catch .")),
            1 if self.misuse => self.pick_emit(MISUSED),
            _ => self.emit(&last),
        }
        self.t.join(" ")
    }

    fn statements(&mut self, k: usize, depth: usize, in_do: bool) {
        for _ in 0..1 + self.rng.below(4) {
            self.statement(k, depth, in_do);
        }
    }

    /// One statement of word `wk`, `depth` structures deep.
    fn statement(&mut self, k: usize, depth: usize, in_do: bool) {
        let kinds = if depth >= 3 { 7 } else { 24 };
        let inner = depth + 1;
        match self.rng.below(kinds) {
            0 | 1 => self.pick_emit(NUMS),
            2 | 3 => self.pick_emit(SIMPLE),
            4 if k > 0 => {
                let callee = self.rng.below(k);
                self.emit(&format!("w{callee}"));
            }
            4 => self.emit("dup 0> if 1- recurse then"),
            5 if self.misuse => self.pick_emit(MISUSED),
            6 => {
                let n = self.rng.below(3);
                self.emit(&format!("{n} ms"));
            }
            7 => {
                self.pick_emit(CONDITIONS);
                self.emit("if");
                self.statements(k, inner, in_do);
                if self.rng.below(2) == 0 {
                    self.emit("else");
                    self.statements(k, inner, in_do);
                }
                self.emit("then");
            }
            8 => {
                self.emit("begin");
                self.statements(k, inner, in_do);
                self.pick_emit(CONDITIONS);
                self.emit("until");
            }
            9 => {
                self.emit("begin");
                self.statements(k, inner, in_do);
                self.pick_emit(CONDITIONS);
                self.emit("while");
                self.statements(k, inner, in_do);
                self.emit("repeat");
            }
            10 => {
                self.emit("begin");
                self.statements(k, inner, in_do);
                self.emit("again");
            }
            11 => {
                self.pick_emit(BOUNDS);
                self.pick_emit(BOUNDS);
                self.emit("do");
                self.statements(k, inner, true);
                self.emit("loop");
            }
            12 => {
                self.pick_emit(BOUNDS);
                self.pick_emit(BOUNDS);
                self.emit("?do");
                self.statements(k, inner, true);
                self.pick_emit(STEPS);
                self.emit("+loop");
            }
            13 => {
                self.pick_emit(CONDITIONS);
                self.emit(match (in_do, self.misuse) {
                    (true, _) => "if leave then",
                    (false, true) => "if unloop then",
                    (false, false) => "if exit then",
                });
            }
            14 => {
                self.pick_emit(CONDITIONS);
                self.emit(if in_do {
                    "if unloop exit then"
                } else {
                    "if exit then"
                });
            }
            15 => self.emit(if in_do { "i" } else { "exit" }),
            16 => {
                self.pick_emit(NUMS);
                self.emit("case");
                for _ in 0..1 + self.rng.below(3) {
                    self.pick_emit(NUMS);
                    self.emit("of");
                    self.statements(k, inner, in_do);
                    self.emit("endof");
                }
                if self.rng.below(2) == 0 {
                    self.statements(k, inner, in_do);
                }
                self.emit("endcase");
            }
            17 => {
                // A caught Ctrl-C is passed on, as a well-behaved program does.
                let callee = if k > 0 {
                    format!("w{}", self.rng.below(k))
                } else {
                    "drop".to_string()
                };
                self.emit(&format!("['] {callee} catch dup -28 = if throw then drop"));
            }
            18 => {
                self.pick_emit(CONDITIONS);
                self.emit("if");
                self.pick_emit(THROWN);
                self.emit("throw then");
            }
            19 => {
                self.emit(">r");
                self.statements(k, inner, in_do);
                let close = if self.rng.below(2) == 0 {
                    "r>"
                } else {
                    "r@ rdrop"
                };
                self.emit(close);
            }
            20 => {
                self.emit("2>r");
                self.statements(k, inner, in_do);
                self.emit("2r>");
            }
            // Left on (or taken from) the return stack: fine inside a word
            // only if the word puts things right before it ends.
            21 if self.misuse => self.pick_emit(&[">r", "r>", "2>r", "2r>", "r@", "rdrop"]),
            22 => self.emit("recurse"),
            // Loops that only Ctrl-C ends.
            _ => self.pick_emit(&[
                "begin again",
                "begin 0 until",
                "begin -1 while repeat",
                "begin 1 ms again",
                "1 0 do 0 +loop",
                "1 0 do i drop 0 +loop",
            ]),
        }
    }
}

/// What the worker running the programs tells the test.
enum Report {
    Started,
    /// The program came back: `None` if it panicked, else Ok or the throw code.
    Returned(Option<Result<(), i64>>),
    /// After the program: what `1 2 + .` printed, or its error.
    Usable(Result<String, String>),
}

#[test]
fn random_programs_with_every_control_word_come_back() {
    // It presses Ctrl-C on its own system only (`Forth::interrupt`): the
    // tests beside it on other threads are not stopped.
    let count = std::env::var("ROBUST_PROGRAMS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(200);
    let mut generator = ProgramGen {
        rng: Rng(seed()),
        t: vec![],
        misuse: false,
    };
    let programs: Vec<String> = (0..count).map(|_| generator.program()).collect();
    for w in CONTROL_WORDS {
        assert!(
            programs.iter().any(|p| p.split(' ').any(|t| t == *w)),
            "no program uses `{w}`"
        );
    }

    // The programs run in a worker thread (a Forth system is not Send);
    // this thread is the watchdog. A worker that hangs is left behind.
    let (report, reports) = mpsc::channel();
    let (ack, acks) = mpsc::channel::<()>();
    let work = programs.clone();
    let irq = playforth::Interrupt::new();
    let worker_irq = irq.clone();
    std::thread::spawn(move || {
        let (mut forth, out) = Forth::for_test(b"");
        forth.set_interrupt(worker_irq);
        for program in &work {
            if report.send(Report::Started).is_err() {
                return;
            }
            let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                forth.interpret_line(program)
            }));
            let panicked = r.is_err();
            let r = r.ok().map(|r| r.map(|_| ()).map_err(|e| e.code));
            if report.send(Report::Returned(r)).is_err() || panicked {
                return;
            }
            // The watchdog has stopped pressing Ctrl-C: clear a late press.
            if acks.recv().is_err() {
                return;
            }
            forth.interrupt().clear();
            out.take();
            if forth.in_definition() {
                let _ = forth.interpret_line(";");
            }
            let usable = match forth.interpret_line("1 2 + .") {
                Ok(_) => Ok(out.take()),
                Err(e) => Err(format!("{e}")),
            };
            if report.send(Report::Usable(usable)).is_err() {
                return;
            }
        }
    });

    let trace = std::env::var_os("ROBUST_TRACE").is_some();
    let mut outcomes = std::collections::BTreeMap::<String, usize>::new();
    for (n, program) in programs.iter().enumerate() {
        if trace {
            eprintln!("{n}: {program}");
        }
        let Ok(Report::Started) = reports.recv_timeout(Duration::from_secs(10)) else {
            panic!("program {n} was never started: `{program}`");
        };
        // Press Ctrl-C after 100 ms, and again every 100 ms (a press can
        // land in a CATCH that passes it on), for at most five seconds.
        let start = Instant::now();
        let mut press = Duration::from_millis(100);
        let returned = loop {
            let wait = press.saturating_sub(start.elapsed());
            match reports.recv_timeout(wait) {
                Ok(Report::Returned(r)) => break r,
                Ok(_) => panic!("program {n}: unexpected report: `{program}`"),
                Err(mpsc::RecvTimeoutError::Timeout) => {
                    assert!(
                        start.elapsed() < Duration::from_secs(5),
                        "program {n} did not come back within 5 s of Ctrl-C: `{program}`"
                    );
                    irq.raise();
                    press += Duration::from_millis(100);
                }
                Err(mpsc::RecvTimeoutError::Disconnected) => {
                    panic!("program {n}: the worker died: `{program}`")
                }
            }
        };
        let Some(returned) = returned else {
            panic!("program {n} panicked: `{program}`");
        };
        if trace {
            eprintln!("{n}: {returned:?} after {:?}", start.elapsed());
        }
        let key = match returned {
            Ok(()) => "ok".to_string(),
            Err(code) => code.to_string(),
        };
        *outcomes.entry(key).or_default() += 1;
        ack.send(()).expect("worker waits");
        match reports.recv_timeout(Duration::from_secs(5)) {
            Ok(Report::Usable(Ok(printed))) => assert_eq!(
                printed.trim(),
                "3",
                "program {n}: afterwards `1 2 + .` printed {printed:?}: `{program}`"
            ),
            Ok(Report::Usable(Err(e))) => {
                panic!("program {n}: afterwards `1 2 + .` failed: {e}\nprogram: `{program}`")
            }
            _ => panic!("program {n}: afterwards `1 2 + .` did not come back: `{program}`"),
        }
    }
    eprintln!("{count} random programs: outcomes by throw code {outcomes:?}");
    assert!(outcomes.contains_key("ok"), "no program ran to its end");
    assert!(outcomes.contains_key("-28"), "no program needed Ctrl-C");
}

// ---- the real binary ----

/// Ctrl-C while a system is being built (the prelude loading) never
/// leaves a broken system nor panics: the prelude loads under an interrupt
/// of its own, and the host's, raised meanwhile, stops the first user code
/// as usual.
#[test]
fn ctrl_c_while_a_system_starts_waits_for_it() {
    // It presses Ctrl-C on its own system only (`Forth::interrupt`): the
    // tests beside it on other threads are not stopped.
    let stop = Arc::new(std::sync::atomic::AtomicBool::new(false));
    let host_irq = playforth::Interrupt::new();
    let raiser = {
        let stop = stop.clone();
        let host_irq = host_irq.clone();
        std::thread::spawn(move || {
            while !stop.load(Ordering::Relaxed) {
                host_irq.raise();
                std::thread::sleep(Duration::from_micros(50));
            }
        })
    };
    for _ in 0..20 {
        let (mut forth, _out) = Forth::for_test(b"");
        forth.set_interrupt(host_irq.clone());
        // Whole: a word the prelude defines is there (the raiser may stop
        // the line itself, but never with "undefined word").
        let r = forth.interpret_line("' clearstack drop");
        assert!(
            r.as_ref().is_ok_and(|o| *o == Outcome::Continue)
                || r.as_ref().is_err_and(|e| e.code == -28),
            "{r:?}"
        );
    }
    stop.store(true, Ordering::Relaxed);
    raiser.join().expect("the raiser ends");
    host_irq.clear();
    // After the load a raise stops user code as usual.
    let (mut forth, _out) = Forth::for_test(b"");
    forth.interrupt().raise();
    let r = forth.interpret_line(": spin begin again ; spin");
    assert_eq!(r.err().map(|e| e.code), Some(-28));
}

/// The playforth binary, run in the package root, stdin empty, output piped.
fn playforth(args: &[&str]) -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_playforth"));
    cmd.args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    cmd
}

/// A running child whose piped output is drained by threads.
struct Running {
    child: Child,
    stdin: Option<ChildStdin>,
    stdout: Option<JoinHandle<Vec<u8>>>,
    stderr: Option<JoinHandle<Vec<u8>>>,
}

/// How a child ended.
#[derive(Debug)]
struct Finished {
    /// As a shell reports it: the exit code, or 128 + the signal.
    status: i32,
    signalled: bool,
    stdout: String,
    stderr: String,
    /// The child's own peak resident set size (KiB): the last `VmHWM` read
    /// from /proc while it ran (its own address space's high-water mark),
    /// or, for a child too quick to be read, `wait4`'s, which also counts
    /// what the test process had resident when it forked the child (a test
    /// process grown big by the tests running beside it made it fail).
    max_rss_kib: i64,
}

fn drain(pipe: Option<impl Read + Send + 'static>) -> Option<JoinHandle<Vec<u8>>> {
    pipe.map(|mut p| {
        std::thread::spawn(move || {
            let mut v = Vec::new();
            let _ = p.read_to_end(&mut v);
            v
        })
    })
}

/// The high-water mark of a running process's resident memory (KiB), from
/// /proc; 0 once it has exited (a zombie has no memory to report).
fn vm_hwm_kib(pid: i32) -> i64 {
    std::fs::read_to_string(format!("/proc/{pid}/status"))
        .ok()
        .and_then(|s| {
            s.lines()
                .find_map(|l| l.strip_prefix("VmHWM:"))
                .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        })
        .unwrap_or(0)
}

fn start(mut cmd: Command) -> Running {
    let mut child = cmd.spawn().expect("playforth starts");
    drop(cmd); // our copies of any pipe ends given to the child
    Running {
        stdin: child.stdin.take(),
        stdout: drain(child.stdout.take()),
        stderr: drain(child.stderr.take()),
        child,
    }
}

impl Running {
    fn pid(&self) -> i32 {
        self.child.id() as i32
    }

    /// Feed `input` to the child's stdin from a thread, then close it.
    fn feed(&mut self, input: Vec<u8>) {
        let mut stdin = self.stdin.take().expect("stdin is piped");
        std::thread::spawn(move || {
            let _ = stdin.write_all(&input);
        });
    }

    /// Wait for the child with a watchdog, reaping it with `wait4` to learn
    /// its own peak memory. `None`: it was still running after `limit` and
    /// has been killed.
    fn wait(mut self, limit: Duration) -> Option<Finished> {
        let pid = self.pid();
        let started = Instant::now();
        let mut status = 0;
        // SAFETY: rusage is plain data, filled in by wait4.
        let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
        let mut timed_out = false;
        let mut hwm = 0;
        loop {
            hwm = hwm.max(vm_hwm_kib(pid));
            // SAFETY: waits for our own child only, by pid.
            let r = unsafe { libc::wait4(pid, &mut status, libc::WNOHANG, &mut usage) };
            if r == pid {
                break;
            }
            if r == -1 && std::io::Error::last_os_error().kind() != std::io::ErrorKind::Interrupted
            {
                panic!("wait4({pid}): {}", std::io::Error::last_os_error());
            }
            if !timed_out && started.elapsed() > limit {
                timed_out = true;
                // SAFETY: the child has not been reaped, so the pid is still ours.
                unsafe { libc::kill(pid, libc::SIGKILL) };
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        drop(self.stdin.take());
        let text = |h: Option<JoinHandle<Vec<u8>>>| {
            h.map(|h| String::from_utf8_lossy(&h.join().expect("reader")).into_owned())
                .unwrap_or_default()
        };
        let stdout = text(self.stdout.take());
        let stderr = text(self.stderr.take());
        if timed_out {
            return None;
        }
        let signalled = libc::WIFSIGNALED(status);
        Some(Finished {
            status: if signalled {
                128 + libc::WTERMSIG(status)
            } else {
                libc::WEXITSTATUS(status)
            },
            signalled,
            stdout,
            stderr,
            max_rss_kib: if hwm > 0 { hwm } else { usage.ru_maxrss },
        })
    }

    /// Wait at most 60 s; a child still running then fails the test.
    fn finish(self, what: &str) -> Finished {
        self.wait(Duration::from_secs(60))
            .unwrap_or_else(|| panic!("{what}: still running after 60 s (killed)"))
    }
}

/// Run playforth with `args` and `input` on stdin, under a watchdog.
fn run(args: &[&str], input: &[u8]) -> Finished {
    let mut cmd = playforth(args);
    cmd.stdin(Stdio::piped());
    let mut child = start(cmd);
    child.feed(input.to_vec());
    child.finish(&format!("playforth {args:?}"))
}

/// A file in this test run's own temporary directory.
fn temp_file(name: &str, contents: impl FnOnce(&mut dyn Write)) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("playforth-robustness-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join(name);
    let mut f = std::io::BufWriter::new(std::fs::File::create(&path).expect("create temp file"));
    contents(&mut f);
    f.flush().expect("write temp file");
    path
}

fn remove_temp_file(path: &std::path::Path) {
    let _ = std::fs::remove_file(path);
    let _ = std::fs::remove_dir(path.parent().expect("temp dir")); // if now empty
}

fn lines_of(line: &str, total: usize) -> impl Iterator<Item = Vec<u8>> {
    // Whole lines, about 1 MiB at a time, `total` bytes or just over.
    let per_chunk = (1 << 20) / line.len();
    let lines = total.div_ceil(line.len());
    (0..lines.div_ceil(per_chunk)).map(move |c| {
        let n = per_chunk.min(lines - c * per_chunk);
        line.repeat(n).into_bytes()
    })
}

const COUNT_TO_100000: &str = ": x 100000 0 do i . cr loop ; x";

/// Read the first line from `reader`, then close it.
fn first_line_then_close(reader: std::io::PipeReader) -> String {
    let mut line = String::new();
    BufReader::new(reader)
        .read_line(&mut line)
        .expect("first line");
    line
}

#[test]
fn closed_output_pipe_ends_quietly_with_141() {
    // stdout alone, then stdout and stderr on one pipe (`2>&1`); the code
    // from -e, then on stdin.
    for joined in [false, true] {
        for on_stdin in [false, true] {
            let what = format!("joined={joined} on_stdin={on_stdin}");
            let (reader, writer) = std::io::pipe().expect("pipe");
            let mut cmd = playforth(if on_stdin {
                &[]
            } else {
                &["-e", COUNT_TO_100000]
            });
            if joined {
                cmd.stderr(writer.try_clone().expect("pipe"));
            }
            cmd.stdout(writer);
            if on_stdin {
                cmd.stdin(Stdio::piped());
            }
            let mut child = start(cmd);
            if on_stdin {
                child.feed(format!("{COUNT_TO_100000}\n").into_bytes());
            }
            let line = first_line_then_close(reader);
            assert_eq!(line.trim(), "0", "{what}: first line");
            let r = child.finish(&what);
            assert_eq!(r.status, 141, "{what}: {r:?}");
            assert!(!r.stderr.contains("panicked"), "{what}: {r:?}");
            assert_eq!(r.stderr, "", "{what}: stderr");
        }
    }
}

#[test]
fn a_full_disk_is_reported() {
    let full = || {
        std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .expect("/dev/full")
    };
    let mut cmd = playforth(&["-e", "1 . cr"]);
    cmd.stdout(full());
    let r = start(cmd).finish("stdout to /dev/full");
    assert_eq!(r.status, 1, "{r:?}");
    assert!(r.stderr.contains("No space left on device"), "{r:?}");
    assert!(r.stderr.contains("(-57)"), "{r:?}");

    let mut cmd = playforth(&["-e", "xyz"]);
    cmd.stderr(full());
    let r = start(cmd).finish("stderr to /dev/full");
    assert_ne!(r.status, 101, "panicked: {r:?}");
    assert!(!r.signalled, "{r:?}");
    assert_eq!(r.status, 1, "{r:?}");
}

#[test]
fn closed_stdin_is_the_end_of_input() {
    // /dev/null, and fd 0 really closed. At the end of input KEY gives 4
    // (EOT) and ACCEPT ends the program quietly, as in gforth.
    let accept = "key . key . pad 9 accept . .\" not reached\"";
    for closed in [false, true] {
        for (args, out) in [(&[][..], ""), (&["-e", accept][..], "4 4 ")] {
            let what = format!("playforth {args:?}, stdin closed={closed}");
            let mut cmd = playforth(args);
            if closed {
                // SAFETY: close(2) is async-signal-safe.
                unsafe {
                    cmd.pre_exec(|| {
                        libc::close(0);
                        Ok(())
                    });
                }
            }
            let r = start(cmd).finish(&what);
            assert_eq!(r.status, 0, "{what}: {r:?}");
            assert_eq!(r.stdout, out, "{what}: {r:?}");
            assert_eq!(r.stderr, "", "{what}");
        }
    }
}

/// Wait until `pid` has its SIGINT handler installed (from /proc), then a
/// little longer so it is inside the program.
fn wait_until_running(pid: i32) {
    let sigint = 1u64 << (libc::SIGINT - 1);
    let deadline = Instant::now() + Duration::from_secs(10);
    while Instant::now() < deadline {
        let Ok(status) = std::fs::read_to_string(format!("/proc/{pid}/status")) else {
            break; // no /proc: the fixed wait below has to do
        };
        let caught = status
            .lines()
            .find_map(|l| l.strip_prefix("SigCgt:"))
            .and_then(|m| u64::from_str_radix(m.trim(), 16).ok());
        if caught.is_some_and(|m| m & sigint != 0) {
            break;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    std::thread::sleep(Duration::from_millis(300));
}

#[test]
fn ctrl_c_stops_every_kind_of_loop_and_wait() {
    // (program, an error other than -28 it may end with first)
    let programs = [
        (": x begin 0 until ; x", None),
        (": y begin again ; y", None),
        (": z 1 0 do 0 +loop ; z", None),
        ("100000 ms", None),
        (": r recurse ; r", Some("return stack overflow (-5)")),
        ("key", None), // stdin: a pipe that stays open and empty
    ];
    let children: Vec<Running> = programs
        .iter()
        .map(|(program, _)| {
            let mut cmd = playforth(&["-e", program]);
            cmd.stdin(Stdio::piped());
            start(cmd)
        })
        .collect();
    let mut failures = vec![];
    for ((program, other), child) in programs.iter().zip(children) {
        wait_until_running(child.pid());
        // SAFETY: the child is not reaped yet, so the pid is still ours.
        unsafe { libc::kill(child.pid(), libc::SIGINT) };
        let Some(r) = child.wait(Duration::from_secs(10)) else {
            failures.push(format!("`{program}` ignored Ctrl-C (killed after 10 s)"));
            continue;
        };
        // Stopped by Ctrl-C: status 130, as shells expect; another error first: 1.
        let interrupted = r.stderr.contains("user interrupt (-28)") && r.status == 130;
        let other_ok = other.is_some_and(|o| r.stderr.contains(o)) && r.status == 1;
        if !(interrupted || other_ok) {
            failures.push(format!(
                "`{program}`: status {}, stderr {:?}",
                r.status, r.stderr
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn piped_input_keeps_peak_memory_small() {
    // `yes '1 drop' | head -c 300000000 | playforth`
    let mut cmd = playforth(&[]);
    cmd.stdin(Stdio::piped());
    let mut child = start(cmd);
    let mut stdin = child.stdin.take().expect("stdin");
    std::thread::spawn(move || {
        for chunk in lines_of("1 drop\n", 300_000_000) {
            if stdin.write_all(&chunk).is_err() {
                break;
            }
        }
    });
    let r = child
        .wait(Duration::from_secs(300))
        .expect("300 MB of piped input finishes");
    eprintln!("300 MB piped on stdin: peak RSS {} KiB", r.max_rss_kib);
    assert_eq!((r.status, r.stderr.as_str()), (0, ""), "{r:?}");
    assert!(r.max_rss_kib < 64 * 1024, "peak RSS {} KiB", r.max_rss_kib);
}

#[test]
fn one_huge_line_is_not_buffered_whole() {
    // 300 MB without a line break: read to the line limit, the rest
    // dropped as it comes, then an error naming the line.
    let mut cmd = playforth(&[]);
    cmd.stdin(Stdio::piped());
    let mut child = start(cmd);
    let mut stdin = child.stdin.take().expect("stdin");
    std::thread::spawn(move || {
        let chunk = vec![b'x'; 1 << 20];
        for _ in 0..300 {
            if stdin.write_all(&chunk).is_err() {
                return;
            }
        }
        let _ = stdin.write_all(b"\n.( after)\n");
    });
    let r = child
        .wait(Duration::from_secs(300))
        .expect("a 300 MB line finishes");
    eprintln!("one 300 MB line on stdin: peak RSS {} KiB", r.max_rss_kib);
    assert!(
        r.stderr
            .contains("line 1 of <stdin> is longer than 1048576 bytes"),
        "{r:?}"
    );
    assert_eq!((r.status, r.stdout.as_str()), (1, "after"), "{r:?}");
    assert!(r.max_rss_kib < 64 * 1024, "peak RSS {} KiB", r.max_rss_kib);
}

#[test]
fn including_a_big_file_keeps_peak_memory_bounded() {
    let path = temp_file("big.fs", |f| {
        for chunk in lines_of("1 drop\n", 60_000_000) {
            f.write_all(&chunk).expect("write");
        }
    });
    let r = start(playforth(&[path.to_str().unwrap()])).finish("including 60 MB");
    remove_temp_file(&path);
    eprintln!("including a 60 MB file: peak RSS {} KiB", r.max_rss_kib);
    assert_eq!((r.status, r.stderr.as_str()), (0, ""), "{r:?}");
    assert!(r.max_rss_kib < 200 * 1024, "peak RSS {} KiB", r.max_rss_kib);
}

#[test]
fn a_long_line_of_blanks_is_read() {
    let r = run(&[], format!("{}.( hi)\n", " ".repeat(70_000)).as_bytes());
    assert_eq!(
        (r.status, r.stdout.as_str(), r.stderr.as_str()),
        (0, "hi", "")
    );
}

#[test]
fn a_line_too_long_is_refused_and_the_next_one_runs() {
    let r = run(
        &[],
        format!("{}\n.( next)\n", "x".repeat(2_000_000)).as_bytes(),
    );
    assert_eq!(r.status, 1, "{r:?}");
    assert!(r.stderr.contains("line 1"), "{}", r.stderr);
    assert!(
        r.stderr.contains("longer than 1048576 bytes"),
        "{}",
        r.stderr
    );
    assert_eq!(r.stdout, "next");
}

#[test]
fn an_undefined_huge_token_is_quoted_briefly() {
    let path = temp_file("token.fs", |f| {
        f.write_all(&vec![b'y'; 1 << 20]).expect("write");
        f.write_all(b"\n").expect("write");
    });
    let r = start(playforth(&[path.to_str().unwrap()])).finish("a 1 MB token");
    remove_temp_file(&path);
    assert_eq!(r.status, 1, "{r:?}");
    assert!(r.stderr.contains("(-13)"), "{}", r.stderr);
    assert!(r.stderr.len() < 2048, "stderr is {} bytes", r.stderr.len());
}

#[test]
fn an_execution_token_forgotten_by_marker_fails() {
    let r = run(
        &[
            "-e",
            ": a 7 ; marker m : b a ; ' b m : c 1 ; : d 2 ; execute .",
        ],
        b"",
    );
    assert_eq!(r.status, 1, "{r:?}");
    assert!(r.stderr.contains("forgotten"), "{}", r.stderr);
    assert_eq!(r.stdout, "");
}

#[test]
fn locals_closed_with_a_brace_are_an_error() {
    let r = run(&["-e", ": f {: a b -- c } a b + ;", "-e", ".( after)"], b"");
    assert_eq!(r.status, 1, "{r:?}");
    assert!(r.stderr.contains("-e:1:"), "{}", r.stderr);
    assert!(r.stderr.contains(":}"), "{}", r.stderr);
}

#[test]
fn leaving_a_word_with_the_return_stack_unbalanced_fails() {
    let r = run(&["-e", ": g 7 >r exit ; g"], b"");
    assert_eq!(r.status, 1, "{r:?}");
    assert!(r.stderr.contains("(-25)"), "{}", r.stderr);
}

#[test]
fn a_missing_script_is_named_without_the_prelude() {
    let r = run(&["/nonexistent.fs"], b"");
    assert_eq!(r.status, 1, "{r:?}");
    assert!(r.stderr.contains("/nonexistent.fs"), "{}", r.stderr);
    assert!(!r.stderr.contains("<prelude>"), "{}", r.stderr);
}

#[test]
fn a_trace_message_does_not_leak_into_a_later_error() {
    let r = run(&["--trace", "dup", "-e", "1 +"], b"");
    assert_eq!(r.status, 1, "{r:?}");
    // The report of the underflow, after any note about --trace itself.
    let report = &r.stderr[r.stderr.find("-e:1").expect("an error report")..];
    assert!(report.contains("(-4)"), "{report}");
    assert!(!report.contains("traced"), "{report}");
}

// ---- issue 20: the interpreter's reproductions ----

/// Run playforth with `args` under an address-space limit of `bytes`
/// (RLIMIT_AS), stdin empty: what asks for more memory than that aborts.
fn run_limited(args: &[&str], bytes: u64) -> Finished {
    let mut cmd = playforth(args);
    // SAFETY: only setrlimit between fork and exec, on the child itself.
    unsafe {
        cmd.pre_exec(move || {
            let limit = libc::rlimit {
                rlim_cur: bytes,
                rlim_max: bytes,
            };
            if libc::setrlimit(libc::RLIMIT_AS, &limit) != 0 {
                return Err(std::io::Error::last_os_error());
            }
            Ok(())
        });
    }
    start(cmd).finish(&format!("playforth {args:?} in {} MiB", bytes >> 20))
}

#[test]
fn substitute_stops_at_the_size_of_its_buffer() {
    // A 16 MB replacement text, named 2000 times in a 6 KB text: the whole
    // result would be 32 GB; the buffer holds 80 bytes.
    let program = "16000000 allocate throw constant big  big 16000000 char a fill \
                   big 16000000 s\" x\" replaces \
                   create text 6000 allot \
                   : fill-text 2000 0 do s\" %x%\" text i 3 * + swap move loop ; fill-text \
                   text 6000 pad 80 substitute . . drop";
    let r = run_limited(&["-e", program], 1 << 30);
    assert_eq!(
        (r.status, r.stdout.as_str(), r.stderr.as_str()),
        (0, "-78 0 ", ""),
        "{r:?}"
    );
}

#[test]
fn replaces_costs_the_same_however_many_names_there_are() {
    // 65536 names (the most there may be), each given its text 9 times:
    // when each REPLACES added up every text kept, this took minutes.
    let program = ": name ( n -- c-addr u ) s>d <# #s [char] n hold #> ; \
                   : all-names 65536 0 do s\" text\" i name replaces loop ; \
                   : nine-times 9 0 do all-names loop ; nine-times \
                   s\" <%n7%> <%n65535%>\" pad 80 substitute . type \
                   s\" one more\" s\" n65536\" ' replaces catch . 2drop 2drop";
    let r = start(playforth(&["-e", program])).finish("589824 REPLACES");
    assert_eq!(
        (r.status, r.stdout.as_str(), r.stderr.as_str()),
        (0, "2 <text> <text>-8 ", ""),
        "{r:?}"
    );
}

#[test]
fn named_pipes_devices_and_folders_are_refused_not_waited_on() {
    // Opening a named pipe waits for a writer (past Ctrl-C); /dev/zero
    // never ends; a folder is no text. Each is refused at once, saying so.
    let dir = std::env::temp_dir().join(format!("playforth-fifo-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let fifo = dir.join("pipe.fs");
    let status = Command::new("mkfifo").arg(&fifo).status().expect("mkfifo");
    assert!(status.success(), "mkfifo failed");
    let fifo = fifo.to_str().expect("a UTF-8 path").to_string();
    let folder = dir.to_str().expect("a UTF-8 path").to_string();
    let pipe = "not a regular file (a named pipe, a device or a socket)";
    let cases: Vec<(Vec<String>, i32, &str)> = vec![
        (vec!["-e".into(), format!("include {fifo}")], 1, pipe),
        (vec!["-e".into(), format!("s\" {fifo}\" included")], 1, pipe),
        (
            vec!["-e".into(), format!("s\" {fifo}\" slurp-file")],
            1,
            pipe,
        ),
        (
            vec!["-e".into(), format!("s\" {fifo}\" r/o open-file throw")],
            1,
            pipe,
        ),
        (
            vec!["-e".into(), format!("s\" {fifo}\" w/o open-file throw")],
            1,
            pipe,
        ),
        (
            vec!["-e".into(), format!("s\" {fifo}\" w/o create-file throw")],
            1,
            pipe,
        ),
        (vec!["-e".into(), "include /dev/zero".into()], 1, pipe),
        (
            vec!["-e".into(), format!("include {folder}")],
            1,
            "is a folder",
        ),
        (vec![fifo.clone()], 1, pipe),
        (
            vec!["--check".into(), "1".into(), fifo.clone()],
            2,
            "not in a regular file",
        ),
        (
            vec!["examples/fivestep.fs".into(), "replay".into(), fifo.clone()],
            1,
            "cannot open",
        ),
    ];
    let children: Vec<Running> = cases
        .iter()
        .map(|(args, _, _)| {
            let args: Vec<&str> = args.iter().map(String::as_str).collect();
            start(playforth(&args))
        })
        .collect();
    let mut failures = vec![];
    for ((args, status, said), child) in cases.iter().zip(children) {
        match child.wait(Duration::from_secs(20)) {
            None => failures.push(format!("{args:?} waited (killed after 20 s)")),
            Some(r) if r.status != *status || !r.stderr.contains(said) => failures.push(format!(
                "{args:?}: status {}, stderr {:?}",
                r.status, r.stderr
            )),
            Some(_) => {}
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn include_file_refuses_a_line_too_long_as_included_does() {
    // Line 2 is 1.1 MB: its start and its end once ran as two lines.
    let path = temp_file("long-line.fs", |f| {
        let long = format!(".( start) {} .( end)\n", " ".repeat(1_100_000));
        f.write_all(format!("1 .\n{long}3 .\n").as_bytes())
            .expect("write");
    });
    let name = path.to_str().expect("a UTF-8 path");
    let by_id = run(
        &[
            "-e",
            &format!("s\" {name}\" r/o open-file throw include-file"),
        ],
        b"",
    );
    let by_name = run(&["-e", &format!("s\" {name}\" included")], b"");
    remove_temp_file(&path);
    for r in [by_id, by_name] {
        assert_eq!((r.status, r.stdout.as_str()), (1, "1 "), "{r:?}");
        assert!(r.stderr.contains("(-18)"), "{}", r.stderr);
        assert!(r.stderr.contains("line 2 of"), "{}", r.stderr);
        assert!(r.stderr.contains("is 1100018 bytes long"), "{}", r.stderr);
    }
}

#[test]
fn spaces_and_field_widths_are_honoured_whole() {
    // SPACES stopped at 1 MiB and .R's field at 65536 columns, silently.
    let (mut forth, out) = Forth::for_test(b"");
    for (line, blanks, text) in [
        ("1100000 spaces", 1_100_000, ""),
        ("7 100000 .r", 99_999, "7"),
        ("7 100000 u.r", 99_999, "7"),
        ("-7. 70000 d.r", 69_998, "-7"),
        ("-7 3 .r", 1, "-7"),
        ("12345 2 .r", 0, "12345"),
        ("-5 spaces", 0, ""),
    ] {
        let r = forth.interpret_line(line);
        assert!(r.is_ok(), "{line}: {r:?}");
        let printed = out.take();
        let expected = format!("{}{text}", " ".repeat(blanks));
        assert!(
            printed == expected,
            "{line}: printed {} bytes",
            printed.len()
        );
    }
    drop(forth);
    // However many (10^15: days of writing), Ctrl-C stops them.
    for line in ["1000000000000000 spaces", "7 1000000000000000 .r"] {
        let (done, finished) = mpsc::channel();
        let irq = playforth::Interrupt::new();
        let worker_irq = irq.clone();
        std::thread::spawn(move || {
            let mut forth = Forth::with_io(
                Box::new(std::io::sink()),
                Box::new(std::io::sink()),
                Box::new(playforth::ScriptedConsole::new(b"")),
            );
            forth.set_interrupt(worker_irq);
            let r = forth.interpret_line(line);
            let _ = done.send(r.err().map(|e| e.code));
        });
        // Pressed again and again, as the one press could land before the
        // word starts (the interpreter looks between words too).
        let deadline = Instant::now() + Duration::from_secs(60);
        let code = loop {
            irq.raise();
            match finished.recv_timeout(Duration::from_millis(20)) {
                Ok(code) => break code,
                Err(mpsc::RecvTimeoutError::Timeout) if Instant::now() < deadline => {}
                Err(e) => panic!("{line}: Ctrl-C did not stop it ({e})"),
            }
        };
        assert_eq!(code, Some(-28), "{line}");
    }
}

#[test]
fn markers_keep_a_bounded_amount_of_memory() {
    // With a thousand word lists each marker kept 8 KB, without a bound:
    // 200000 of them took 1.66 GB. Now they stop at 16 MiB, with -8.
    let program = "warnings off  : lists 1000 0 do wordlist drop loop ; lists \
                   : markers ( -- n ) 0 begin s\" marker m\" ['] evaluate catch \
                   dup if nip nip then 0= while 1+ repeat ; \
                   markers .  s\" marker m\" evaluate";
    let r = run_limited(&["-e", program], 1 << 30);
    eprintln!("markers until the bound: peak RSS {} KiB", r.max_rss_kib);
    assert_eq!(r.status, 1, "{r:?}");
    let made: usize = r.stdout.trim().parse().expect("a count");
    assert!((1000..3000).contains(&made), "{made} markers");
    assert!(r.stderr.contains("(-8)"), "{}", r.stderr);
    assert!(
        r.stderr.contains("the markers alive keep 16 MiB"),
        "{}",
        r.stderr
    );
    assert!(r.max_rss_kib < 128 * 1024, "peak RSS {} KiB", r.max_rss_kib);
}

#[test]
fn locals_names_keep_a_bounded_amount_of_memory() {
    // A definition with 4000 locals named with 250 letters keeps 1 MB of
    // names for SEE; 1000 of them kept 1.1 GB. Now the names stop at 16 MiB.
    let program = "create src 1100000 allot  variable len \
                   : add ( c-addr u -- ) tuck src len @ + swap move len +! ; \
                   : local-name 250 0 do s\" x\" add loop s\"  \" add ; \
                   : build s\" :noname {: \" add 4000 0 do local-name loop s\" :} ; drop\" add ; build \
                   : defs 1000 0 do src len @ evaluate loop ; defs";
    let r = run_limited(&["-e", program], 1 << 30);
    eprintln!(
        "locals' names until the bound: peak RSS {} KiB",
        r.max_rss_kib
    );
    assert_eq!(r.status, 1, "{r:?}");
    assert!(r.stderr.contains("(-8)"), "{}", r.stderr);
    assert!(r.stderr.contains("the names of locals"), "{}", r.stderr);
    assert!(r.max_rss_kib < 128 * 1024, "peak RSS {} KiB", r.max_rss_kib);
}

#[test]
fn stack_comments_keep_a_bounded_amount_of_memory() {
    // Each definition keeps its stack comment (for help and hints): 1000
    // of 1 MB took 1 GB. Now they stop at 16 MiB.
    let program = "warnings off  create src 1000100 allot  variable len \
                   : add ( c-addr u -- ) tuck src len @ + swap move len +! ; \
                   : build s\" :noname ( \" add  src len @ + 1000000 [char] x fill  1000000 len +! \
                   s\"  -- ) ; drop\" add ; build \
                   : defs 1000 0 do src len @ evaluate loop ; defs";
    let r = run_limited(&["-e", program], 1 << 30);
    eprintln!(
        "stack comments until the bound: peak RSS {} KiB",
        r.max_rss_kib
    );
    assert_eq!(r.status, 1, "{r:?}");
    assert!(r.stderr.contains("(-8)"), "{}", r.stderr);
    assert!(r.stderr.contains("the stack comments kept"), "{}", r.stderr);
    assert!(r.max_rss_kib < 128 * 1024, "peak RSS {} KiB", r.max_rss_kib);
}

#[test]
fn closed_stdout_is_reported() {
    // `playforth -e '1 .' >&-`: the output went nowhere with status 0.
    let closed = |program: &str| {
        let mut cmd = playforth(&["-e", program]);
        // SAFETY: only close(1) between fork and exec, in the child.
        unsafe {
            cmd.pre_exec(|| {
                libc::close(1);
                Ok(())
            });
        }
        start(cmd).finish("stdout closed")
    };
    let r = closed("1 . cr");
    assert_eq!(r.status, 1, "{r:?}");
    assert!(r.stderr.contains("(-57)"), "{}", r.stderr);
    assert!(
        r.stderr.contains("standard output is closed"),
        "{}",
        r.stderr
    );
    // Nothing to write, nothing wrong; and /dev/null is an output.
    assert_eq!(closed("1 drop").status, 0);
    let mut cmd = playforth(&["-e", "1 . cr"]);
    cmd.stdout(Stdio::null());
    let r = start(cmd).finish("stdout /dev/null");
    assert_eq!((r.status, r.stderr.as_str()), (0, ""), "{r:?}");
}
