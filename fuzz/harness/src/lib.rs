//! The fuzz harness (issue 8): one plain function per target, taking the
//! fuzzer's bytes. A crate of its own, used by the cargo-fuzz targets
//! (`fuzz/fuzz_targets/*.rs`) and by the test binary's `fuzz_corpus`
//! module (`tests/all/fuzz_corpus.rs`), which replays the committed corpus
//! on stable Rust.
//!
//! Every target has one rule: any `Err(ForthError)` / `Err(Throw)` is fine,
//! a panic (or abort, or hang) is the bug.

use playforth::Forth;
use playforth::Interrupt;

/// The Ctrl-C of every system the harness makes: the watchdog raises it.
static WATCHED: std::sync::LazyLock<Interrupt> = std::sync::LazyLock::new(Interrupt::new);
use playforth::SharedBuf;
use playforth::repl_line;
use playforth::{WordSet, all_specs};
use std::cell::RefCell;
use std::sync::Once;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// Inputs longer than this are skipped: libFuzzer's default -max_len is
/// 4096, and long inputs only slow a run down.
pub const MAX_INPUT: usize = 16 * 1024;

/// Put the thread-local system back, and drop it if it was in the middle of
/// an input when that input panicked (its state is then unknown).
struct Slot<T> {
    sys: Option<T>,
    busy: bool,
    uses: u32,
}

impl<T> Slot<T> {
    const fn new() -> Self {
        Slot {
            sys: None,
            busy: false,
            uses: 0,
        }
    }

    /// Run `f` on the system, making a fresh one with `make` when there is
    /// none, every `every` inputs, or after a panic.
    fn with<R>(
        &mut self,
        every: u32,
        make: impl FnOnce() -> Option<T>,
        f: impl FnOnce(&mut T) -> R,
    ) -> Option<R> {
        if self.busy || self.uses >= every {
            self.sys = None;
        }
        if self.sys.is_none() {
            self.sys = make();
            self.uses = 0;
        }
        let sys = self.sys.as_mut()?;
        self.busy = true;
        self.uses += 1;
        let r = f(sys);
        self.busy = false;
        Some(r)
    }
}

// ---------------------------------------------------------------------------
// Target `interpret`: bytes as lines typed at the REPL.
// ---------------------------------------------------------------------------

/// Inputs containing any of these (ASCII case-insensitive, anywhere, so also
/// inside `s" ..." evaluate`) are skipped:
/// - words that touch the file system (create, delete, rename, open for
///   writing, include files, `require`) or leave the process (`bye`): a
///   fuzzer must not delete or write files in the working tree;
/// - the name of the harness's own reset marker.
///
/// Loops (`begin again`, `until`, recursion, `ms`) are NOT filtered: a
/// watchdog thread raises the systems' interrupt (`WATCHED`) when one input has run
/// for more than `WATCHDOG_MS`, and the VM stops with -28 (everything that
/// can run long polls it: ARCHITECTURE.md, "Ctrl-C reaches everything").
/// An input the watchdog cannot stop is a libFuzzer timeout: a finding.
pub const REJECT: &[&str] = &[
    "delete-file",
    "rename-file",
    "create-file",
    "open-file",
    "w/o",
    "r/w",
    "include",
    "require",
    "bye",
    "fuzz-reset",
];

/// How long one input may run before the watchdog interrupts it.
pub const WATCHDOG_MS: u64 = 3;
/// A fresh system after this many inputs (the source lines, memory pages
/// and anything the reset marker does not undo accumulate).
const INTERPRET_EVERY: u32 = 2000;

/// Milliseconds since `epoch()` at which the current input started, plus 1
/// (0: no input running).
static RUNNING_SINCE: AtomicU64 = AtomicU64::new(0);
/// Bumped at the start and end of every input.
static GENERATION: AtomicU64 = AtomicU64::new(0);

fn epoch() -> Instant {
    static START: std::sync::OnceLock<Instant> = std::sync::OnceLock::new();
    *START.get_or_init(Instant::now)
}

fn now_ms() -> u64 {
    epoch().elapsed().as_millis() as u64
}

fn start_watchdog() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        epoch();
        std::thread::Builder::new()
            .name("fuzz-watchdog".into())
            .spawn(|| {
                loop {
                    std::thread::sleep(Duration::from_micros(500));
                    let generation = GENERATION.load(Ordering::SeqCst);
                    let since = RUNNING_SINCE.load(Ordering::SeqCst);
                    if since != 0
                        && now_ms() + 1 > since + WATCHDOG_MS
                        && GENERATION.load(Ordering::SeqCst) == generation
                    {
                        // Keep setting it while the input runs on: a CATCH
                        // may swallow one -28.
                        WATCHED.raise();
                    }
                }
            })
            .expect("spawn the watchdog");
    });
}

/// Times one input for the watchdog.
struct Armed;

impl Armed {
    fn arm() -> Armed {
        start_watchdog();
        GENERATION.fetch_add(1, Ordering::SeqCst);
        WATCHED.clear();
        RUNNING_SINCE.store(now_ms() + 1, Ordering::SeqCst);
        Armed
    }
}

impl Drop for Armed {
    fn drop(&mut self) {
        RUNNING_SINCE.store(0, Ordering::SeqCst);
        GENERATION.fetch_add(1, Ordering::SeqCst);
        WATCHED.clear();
    }
}

/// Lines that put a reused system back to where it started: a MARKER
/// made right after start-up, run after each input and made again.
const RESET_MARK: &str = "decimal marker fuzz-reset ' fuzz-reset";

struct Repl {
    forth: Forth,
    out: SharedBuf,
    /// The xt of the marker `fuzz-reset`.
    mark: u32,
}

impl Repl {
    fn new() -> Option<Repl> {
        Repl::with_words("")
    }

    /// A system with `words` defined before the reset marker, so they stay.
    fn with_words(words: &str) -> Option<Repl> {
        let (mut forth, out) = Forth::for_test(b"");
        forth.set_interrupt(WATCHED.clone());
        forth.interpret_line(words).ok()?;
        forth.interpret_line(RESET_MARK).ok()?;
        let mark = forth.pop().ok()? as u32;
        let _ = out.take();
        Some(Repl { forth, out, mark })
    }

    /// Undo what the last input did; false if the system must be remade.
    fn reset(&mut self) -> bool {
        let f = &mut self.forth;
        f.reset_after_error();
        let ok = f.execute(self.mark).is_ok();
        f.reset_after_error();
        if !ok {
            return false;
        }
        let Ok(_) = f.interpret_line(RESET_MARK) else {
            return false;
        };
        match (f.pop(), f.depth()) {
            (Ok(xt), 0) => self.mark = xt as u32,
            _ => return false,
        }
        let _ = self.out.take();
        true
    }
}

thread_local! {
    static REPL: RefCell<Slot<Repl>> = const { RefCell::new(Slot::new()) };
}

/// Should this input be skipped? (See `REJECT`.)
pub fn interpret_rejects(data: &[u8]) -> bool {
    data.len() > MAX_INPUT
        || REJECT.iter().any(|bad| {
            data.windows(bad.len())
                .any(|w| w.eq_ignore_ascii_case(bad.as_bytes()))
        })
}

/// The bytes as lines typed at the REPL: lines are gathered while
/// `repl_line::Open` says the input goes on (an open definition, comment or
/// string), then run with `interpret_input`, as `src/repl.rs` does.
/// Invalid UTF-8 is replaced (the REPL only ever sees `&str`).
pub fn interpret(data: &[u8]) {
    if interpret_rejects(data) {
        return;
    }
    let text = String::from_utf8_lossy(data);
    REPL.with(|slot| {
        let mut slot = slot.borrow_mut();
        let reset_ok = slot.with(INTERPRET_EVERY, Repl::new, |repl| {
            let armed = Armed::arm();
            repl.forth.set_seed(0);
            let mut input = String::new();
            let mut open = repl_line::Open::default();
            for line in text.split('\n') {
                input.push_str(line);
                input.push('\n');
                open.feed(line);
                if !open.unfinished() {
                    let _ = repl.forth.interpret_input(input.trim_end_matches('\n'));
                    let _ = repl.forth.in_definition();
                    let _ = repl.forth.ok_stack();
                    let _ = repl.out.take();
                    input.clear();
                    open = repl_line::Open::default();
                }
            }
            if !input.is_empty() {
                let _ = repl.forth.interpret_input(input.trim_end_matches('\n'));
            }
            let ok = repl.reset();
            drop(armed);
            ok
        });
        if reset_ok == Some(false) {
            slot.sys = None;
        }
    });
}

// ---------------------------------------------------------------------------
// Target `repl_helpers`: the line being edited, through teach's helpers.
// ---------------------------------------------------------------------------

/// BASE values to classify numbers in, chosen by the first byte (BASE is
/// a cell the user may set to anything).
const BASES: &[i64] = &[
    10,
    16,
    2,
    36,
    8,
    0,
    1,
    37,
    -1,
    -10,
    255,
    1 << 32,
    (1 << 32) + 10,
    i64::MAX,
    i64::MIN,
];

/// Names the completion and hint helpers know: every built-in, a few user
/// words (some with non-ASCII names), with and without stack effects.
fn known_words() -> &'static [(String, Option<String>)] {
    static WORDS: std::sync::OnceLock<Vec<(String, Option<String>)>> = std::sync::OnceLock::new();
    WORDS.get_or_init(|| {
        let mut w: Vec<(String, Option<String>)> = all_specs()
            .map(|s| (s.name.to_string(), Some(s.effect.to_string())))
            .collect();
        for (n, e) in [
            ("square", Some("( n -- n*n )")),
            ("é+", Some("( a b -- c )")),
            ("ÉTÉ", None),
            ("日本", Some("( -- )")),
            ("x\u{a0}y", None),
            ("", None),
        ] {
            w.push((n.to_string(), e.map(str::to_string)));
        }
        w
    })
}

fn is_user_word(w: &str) -> bool {
    matches!(
        w.to_ascii_lowercase().as_str(),
        "square" | "é+" | "ÉTÉ" | "日本"
    )
}

fn lookup(w: &str) -> Option<bool> {
    let lower = w.to_ascii_lowercase();
    if is_user_word(w) {
        return Some(true);
    }
    known_words()
        .iter()
        .any(|(n, _)| n.eq_ignore_ascii_case(&lower))
        .then_some(false)
}

fn effect_of(w: &str) -> Option<String> {
    known_words()
        .iter()
        .find(|(n, _)| n.eq_ignore_ascii_case(w))
        .and_then(|(_, e)| e.clone())
}

/// Cursor positions to try: every byte offset (char boundaries and not:
/// rustyline passes byte positions, and the helpers must cope with any)
/// and a few past the end. Long lines try every boundary and a sample of
/// the rest.
fn positions(line: &str) -> Vec<usize> {
    let n = line.len();
    if n <= 256 {
        (0..=n + 2).collect()
    } else {
        let mut p: Vec<usize> = (0..=n).filter(|&i| line.is_char_boundary(i)).collect();
        p.extend((0..n).step_by(7));
        p.extend([n + 1, n + 2, usize::MAX]);
        p
    }
}

/// Where `complete` is asked: see `repl_helpers`.
fn completion_positions(line: &str, sel: u8) -> Vec<usize> {
    let n = line.len();
    let mut p = vec![0, n, n + 1];
    for (i, c) in line.char_indices() {
        if !c.is_ascii() && p.len() < 64 {
            p.extend(i.saturating_sub(1)..=(i + c.len_utf8()).min(n));
        }
    }
    for k in 1..=3usize {
        p.push((sel as usize * 31 * k) % (n + 1));
    }
    p
}

/// The first byte chooses BASE; the rest, if UTF-8, is the line.
pub fn repl_helpers(data: &[u8]) {
    let Some((&sel, rest)) = data.split_first() else {
        return;
    };
    if rest.len() > 4096 {
        return;
    }
    // The lexer and number conversion work on raw bytes.
    let base = BASES[sel as usize % BASES.len()];
    let mut area = rest;
    while let Some((_, span)) = playforth::next_token(area) {
        if span.end == 0 || span.end > area.len() {
            break;
        }
        let _ = playforth::parse_number(&area[span.clone()], base);
        area = &area[span.end..];
    }
    let Ok(line) = std::str::from_utf8(rest) else {
        return;
    };
    let _ = repl_line::classify(line, base, &lookup);
    let _ = repl_line::highlight(line, base, &lookup);
    // What is open after the line, as the REPL asks it.
    let mut open = repl_line::Open::default();
    open.feed(line);
    let _ = open.unfinished();
    let _ = open.continuation_prompt();
    let _ = open.what_is_open();
    let _ = open.note(line);
    let words = known_words();
    for pos in positions(line) {
        let _ = repl_line::word_at(line, pos);
        let _ = repl_line::hint(line, pos, &effect_of);
    }
    // Completion sorts and formats every matching word, so it is tried at
    // fewer places: the ends, inside and around every multi-byte character
    // (where slicing can go wrong), and a few chosen by the first byte.
    for pos in completion_positions(line, sel) {
        let _ = repl_line::complete(line, pos, words);
    }
}

// ---------------------------------------------------------------------------
// Target `game_words`: each word of the `games` word list on arbitrary cells.
// ---------------------------------------------------------------------------

const GAMES_EVERY: u32 = 5000;

struct Games {
    forth: Forth,
    out: SharedBuf,
    /// (name, xt) of each game word.
    words: Vec<(&'static str, u32)>,
    /// The xt of `c!`.
    cstore: u32,
}

/// The xt of a word found by `' name` (the game words are in the `games`
/// word list, searched after FORTH).
fn tick(f: &mut Forth, name: &str) -> Option<u32> {
    f.interpret_line(&format!("' {name}")).ok()?;
    let xt = f.pop().ok()? as u32;
    (f.depth() == 0).then_some(xt)
}

impl Games {
    fn new() -> Option<Games> {
        let (mut forth, out) = Forth::for_test(b"");
        forth.set_interrupt(WATCHED.clone());
        let names: Vec<&'static str> = all_specs()
            .filter(|s| s.set == WordSet::Games)
            .map(|s| s.name)
            .collect();
        let mut words = Vec::new();
        for n in names {
            // In the games word list only, in case FORTH has the same name.
            forth
                .interpret_line(&format!(
                    "s\" {n}\" games-wordlist search-wordlist 0= throw"
                ))
                .ok()?;
            let xt = forth.pop().ok()? as u32;
            words.push((n, xt));
        }
        let cstore = tick(&mut forth, "c!")?;
        let _ = out.take();
        Some(Games {
            forth,
            out,
            words,
            cstore,
        })
    }
}

thread_local! {
    static GAMES: RefCell<Slot<Games>> = const { RefCell::new(Slot::new()) };
}

/// The names of the game words, in the order `game_words` numbers them.
pub fn game_word_names() -> Vec<&'static str> {
    all_specs()
        .filter(|s| s.set == WordSet::Games)
        .map(|s| s.name)
        .collect()
}

/// Where the board is written (the PAD).
pub const BOARD: i64 = playforth::layout::PAD_ADDR as i64;

/// Cells that matter to the game words: bounds of squares, ranks and the
/// 0x88 board, and the extremes.
const SPECIAL: &[i64] = &[
    -1,
    0,
    1,
    2,
    3,
    4,
    7,
    8,
    24,
    25,
    26,
    63,
    64,
    0x77,
    0x78,
    0x7f,
    0x88,
    0xef,
    0xff,
    0x100,
    -0x77,
    -0x88,
    i64::MIN,
    i64::MIN + 1,
    i64::MAX,
    i64::MAX - 1,
    i32::MAX as i64,
    i32::MIN as i64,
    u32::MAX as i64,
    1 << 32,
    1 << 62,
    -(1 << 62),
    playforth::layout::MEM_SIZE as i64,
    playforth::layout::MEM_SIZE as i64 - 1,
    playforth::layout::MEM_SIZE as i64 - 8,
    playforth::layout::MEM_SIZE as i64 - 25,
    playforth::layout::MEM_SIZE as i64 - 64,
    playforth::layout::GUARD_END as i64 - 1,
    playforth::layout::DICT_START as i64,
    playforth::layout::HEAP_START as i64,
];

/// Reads the input a byte at a time; zeros when it runs out.
struct Bytes<'a>(&'a [u8]);

impl Bytes<'_> {
    fn byte(&mut self) -> u8 {
        match self.0.split_first() {
            Some((&b, rest)) => {
                self.0 = rest;
                b
            }
            None => 0,
        }
    }

    /// One cell, mostly small: 0..200, a special value, an address in or
    /// near the board, or any 64 bits.
    fn cell(&mut self) -> i64 {
        let tag = self.byte();
        let b = self.byte();
        match tag % 8 {
            0..=3 => (b % 201) as i64,
            4 => SPECIAL[b as usize % SPECIAL.len()],
            5 => BOARD + b as i64,
            6 => BOARD - 64 + (b as i64) * 8,
            _ => {
                let mut v = [0u8; 8];
                v[0] = b;
                for x in &mut v[1..] {
                    *x = self.byte();
                }
                i64::from_le_bytes(v)
            }
        }
    }
}

/// Byte 0 picks the word, byte 1 how many cells (0..7) go on the stack,
/// then the cells (see `Bytes::cell`); what is left fills the board at the
/// PAD (64 squares: byte % 3, or 3, which no board may hold, for 255), so
/// the Othello and five-step words get real positions.
pub fn game_words(data: &[u8]) {
    if data.len() > MAX_INPUT {
        return;
    }
    GAMES.with(|slot| {
        slot.borrow_mut().with(GAMES_EVERY, Games::new, |g| {
            let f = &mut g.forth;
            f.reset_after_error();
            f.set_seed(0);
            let mut input = Bytes(data);
            let (_, xt) = g.words[input.byte() as usize % g.words.len()];
            let n = input.byte() % 8;
            let cells: Vec<i64> = (0..n).map(|_| input.cell()).collect();
            for sq in 0..64 {
                let v = match input.byte() {
                    255 => 3,
                    b => b % 3,
                };
                let _ = f.push(v as i64);
                let _ = f.push(BOARD + sq);
                let _ = f.execute(g.cstore);
            }
            f.reset_after_error();
            for c in cells {
                let _ = f.push(c);
            }
            let _ = f.execute(xt);
            let _ = f.stack().len();
            f.reset_after_error();
            let _ = g.out.take();
        });
    });
}

// ---------------------------------------------------------------------------
// Target `file_words` (issue 20): the file words on odd files.
// ---------------------------------------------------------------------------

/// Files the target opens, reads and includes, made once per process in a
/// folder of its own: text, a line over 1 MiB, bytes that are not UTF-8,
/// an empty file, a named pipe, a folder, a link to /dev/zero, a file to
/// write; then devices, /proc files and a name that is not there.
/// (name, may be opened for writing, may be created)
struct OddFiles {
    names: Vec<(String, bool, bool)>,
    scratch: std::path::PathBuf,
}

/// Remove the folder of odd files `file_words` made in this process, if
/// any: for a replay that is done with the target (the fuzzer's own run
/// keeps it to its end). `file_words` must not run after it.
pub fn remove_odd_files() {
    if let Some(dir) = ODD_FILES.get().and_then(|f| f.scratch.parent()) {
        let _ = std::fs::remove_dir_all(dir);
    }
}

/// What `scratch.txt` holds at the start of every input.
const SCRATCH: &[u8] = b"1 2 3\n";

/// The most `scratch.txt` may hold after an operation: a RESIZE-FILE's
/// bound (64 KiB) and a line more. A WRITE-LINE after REPOSITION-FILE to
/// 10 TiB makes a sparse file of that size, cheap to make; then every
/// INCLUDE-FILE or INCLUDED of it reads 64 MiB (playforth's bound) before
/// it fails with -37, ~0.4 s each, and 26 of them in one input were the
/// 13 s timeout of FINDINGS.md ("2026-11-26: file_words"). Slow but
/// finite, so the harness bounds it: the write still runs at any
/// position, and the file is cut back after it.
pub const SCRATCH_MAX: u64 = (1 << 16) + 64;

/// Cut `scratch.txt` back to `SCRATCH_MAX` bytes if it grew past them.
fn bound_scratch(path: &std::path::Path) {
    if std::fs::metadata(path).is_ok_and(|m| m.len() > SCRATCH_MAX)
        && let Ok(file) = std::fs::OpenOptions::new().write(true).open(path)
    {
        let _ = file.set_len(SCRATCH_MAX);
    }
}

/// How long `scratch.txt` is now (for the replay's check of the bound).
pub fn scratch_len() -> Option<u64> {
    let files = ODD_FILES.get()?;
    std::fs::metadata(&files.scratch).ok().map(|m| m.len())
}

static ODD_FILES: std::sync::OnceLock<OddFiles> = std::sync::OnceLock::new();

fn odd_files() -> &'static OddFiles {
    ODD_FILES.get_or_init(|| {
        let dir = std::env::temp_dir().join(format!("playforth-fuzz-files-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("folder")).expect("the fuzz folder");
        let write = |name: &str, bytes: &[u8]| {
            std::fs::write(dir.join(name), bytes).expect("a fuzz file");
        };
        write("text.fs", b"1 2 + drop\n: fuzz-f 3 ;\nfuzz-f drop\n");
        let mut long = b".( a) ".to_vec();
        long.resize((1 << 20) + 10, b' ');
        long.extend_from_slice(b".( b)\n2 drop\n");
        write("long-line.fs", &long);
        write("bytes.fs", b"\xff\xfe\r\n1 drop\r\n\x00\x01 ( open\n");
        write("empty.fs", b"");
        write("scratch.txt", SCRATCH);
        let pipe = dir.join("pipe.fs");
        let made = std::process::Command::new("mkfifo").arg(&pipe).status();
        assert!(
            made.is_ok_and(|s| s.success()),
            "mkfifo for the fuzz target"
        );
        #[cfg(unix)]
        let _ = std::os::unix::fs::symlink("/dev/zero", dir.join("zero.fs"));
        let at = |n: &str| dir.join(n).to_string_lossy().into_owned();
        let names = vec![
            (at("text.fs"), false, false),
            (at("long-line.fs"), false, false),
            (at("bytes.fs"), false, false),
            (at("empty.fs"), false, false),
            (at("scratch.txt"), true, true),
            (at("pipe.fs"), true, true),
            (at("folder"), true, true),
            (at("zero.fs"), true, true),
            ("/dev/zero".to_string(), true, true),
            ("/dev/null".to_string(), true, true),
            ("/proc/self/status".to_string(), false, false),
            ("/proc/self/mem".to_string(), false, false),
            ("/proc/self/fd".to_string(), false, false),
            (at("missing/none.fs"), false, false),
            (String::new(), false, false),
        ];
        OddFiles {
            names,
            scratch: dir.join("scratch.txt"),
        }
    })
}

const FILES_EVERY: u32 = 250;

thread_local! {
    static FILE_REPL: RefCell<Slot<Repl>> = const { RefCell::new(Slot::new()) };
}

/// Each byte pair is an operation on one of the odd files (byte % 16 the
/// word, the next bytes its arguments); the file opened last is in
/// `fuzz-fid`. Only `scratch.txt` and files that cannot be written (pipe,
/// folder, devices) are opened for writing, and what is written is digits,
/// so what an include runs is harmless. No watchdog: every file word must
/// end on its own (a named pipe must not be waited on), else libFuzzer
/// reports a timeout.
pub fn file_words(data: &[u8]) {
    if data.len() > 256 {
        return;
    }
    let files = odd_files();
    // Each input starts from the same scratch file (written only when an
    // input changed it: a rewrite costs more than the rest of an input;
    // its length is looked at first, so a long one is never read).
    let same = std::fs::metadata(&files.scratch).is_ok_and(|m| m.len() == SCRATCH.len() as u64)
        && std::fs::read(&files.scratch).ok().as_deref() == Some(SCRATCH);
    if !same {
        let _ = std::fs::write(&files.scratch, SCRATCH);
    }
    FILE_REPL.with(|slot| {
        let mut slot = slot.borrow_mut();
        let make =
            || Repl::with_words("variable fuzz-fid : fuzz-close 257 4 do i close-file drop loop ;");
        let reset_ok = slot.with(FILES_EVERY, make, |repl| {
            let mut input = Bytes(data);
            while !input.0.is_empty() {
                let line = file_op(&mut input, files);
                let _ = repl.forth.interpret_line(&line);
                repl.forth.reset_after_error();
                let _ = repl.out.take();
                bound_scratch(&files.scratch);
            }
            // Close whatever the input opened.
            let _ = repl.forth.interpret_line("fuzz-close 0 fuzz-fid !");
            repl.reset()
        });
        if reset_ok == Some(false) {
            slot.sys = None;
        }
    });
}

/// A length for READ-FILE and READ-LINE: small, the PAD's size, zero,
/// negative, or more than memory.
fn file_len(b: u8) -> i64 {
    match b % 8 {
        0 => 0,
        1 => 1,
        2 => 80,
        3 => 1024,
        4 => -1,
        5 => 1 << 40,
        _ => (b as i64) * 3,
    }
}

/// One operation as a line of Forth.
fn file_op(input: &mut Bytes, files: &OddFiles) -> String {
    let op = input.byte();
    // The line over 1 MiB (the second file) costs ms to read: only for
    // 255 255.
    let pick = match input.byte() {
        255 if input.byte() == 255 => 1,
        b => [0, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14][b as usize % 14],
    };
    let (name, writable, creatable) = &files.names[pick];
    let fam = if *writable {
        ["r/o", "w/o", "r/w", "r/o bin"][input.byte() as usize % 4]
    } else {
        "r/o"
    };
    let len = file_len(input.byte());
    match op % 16 {
        0 => format!("s\" {name}\" {fam} open-file 0= [if] fuzz-fid ! [else] drop [then]"),
        1 if *creatable => {
            format!("s\" {name}\" {fam} create-file 0= [if] fuzz-fid ! [else] drop [then]")
        }
        2 => format!("pad {len} fuzz-fid @ read-file 2drop"),
        3 => format!("pad {len} fuzz-fid @ read-line drop 2drop"),
        4 => "fuzz-fid @ file-position 2drop drop".to_string(),
        5 => format!(
            "{}. fuzz-fid @ reposition-file drop",
            len.wrapping_mul(1 + input.byte() as i64)
        ),
        6 => "fuzz-fid @ file-size 2drop drop".to_string(),
        7 => {
            let digits: String = (0..input.byte() % 16)
                .map(|_| ['1', '2', ' ', '.', '9'][input.byte() as usize % 5])
                .collect();
            format!("s\" {digits}\" fuzz-fid @ write-line drop")
        }
        8 => format!("{}. fuzz-fid @ resize-file drop", len.min(1 << 16)),
        9 => "fuzz-fid @ ' include-file catch [if] drop [then]".to_string(),
        10 => format!("s\" {name}\" ' included catch [if] 2drop [then]"),
        11 => format!("s\" {name}\" ' slurp-file catch [if] 2drop [else] drop free drop [then]"),
        12 => "fuzz-fid @ close-file drop".to_string(),
        13 => format!("s\" {name}\" file-status 2drop"),
        14 => "fuzz-fid @ flush-file drop".to_string(),
        _ => format!("s\" {name}\" ' required catch [if] 2drop [then]"),
    }
}

// ---------------------------------------------------------------------------
// Target `substitute` (issue 20): REPLACES and SUBSTITUTE set up directly.
// ---------------------------------------------------------------------------

/// Made once per system, before the reset marker: a 16 MiB text of `a`s,
/// a 1 MiB text of `%a%`s and a 16 MiB buffer, so an input reaches big
/// texts and results at once (through the interpreter the watchdog
/// stopped such a set-up long before SUBSTITUTE ran).
const SUBSTITUTE_WORDS: &str = "16777216 allocate throw constant fuzz-big \
    fuzz-big 16777216 char a fill \
    1048576 allocate throw constant fuzz-pat \
    : fuzz-pat-fill 349525 0 do s\" %a%\" fuzz-pat i 3 * + swap move loop ; fuzz-pat-fill \
    16777216 allocate throw constant fuzz-out";

const SUBSTITUTE_EVERY: u32 = 5000;

struct Substituting {
    repl: Repl,
    /// The xts of replaces, substitute, unescape and c!.
    replaces: u32,
    substitute: u32,
    unescape: u32,
    cstore: u32,
    big: i64,
    pat: i64,
    out: i64,
}

impl Substituting {
    fn new() -> Option<Substituting> {
        let mut repl = Repl::with_words(SUBSTITUTE_WORDS)?;
        let f = &mut repl.forth;
        let mut value = |name: &str| -> Option<i64> {
            f.interpret_line(name).ok()?;
            f.pop().ok()
        };
        let (big, pat, out) = (value("fuzz-big")?, value("fuzz-pat")?, value("fuzz-out")?);
        Some(Substituting {
            replaces: tick(f, "replaces")?,
            substitute: tick(f, "substitute")?,
            unescape: tick(f, "unescape")?,
            cstore: tick(f, "c!")?,
            big,
            pat,
            out,
            repl,
        })
    }

    /// Put `bytes` at `addr` with C!; the address.
    fn put(&mut self, addr: i64, bytes: &[u8]) -> i64 {
        for (i, &b) in bytes.iter().enumerate() {
            let f = &mut self.repl.forth;
            let _ = f.push(b as i64);
            let _ = f.push(addr + i as i64);
            let _ = f.execute(self.cstore);
        }
        addr
    }
}

thread_local! {
    static SUBSTITUTING: RefCell<Slot<Substituting>> = const { RefCell::new(Slot::new()) };
}

/// Names REPLACES gives and SUBSTITUTE looks for, mostly from a few (in
/// both cases), else bytes of the input.
fn substitution_name(input: &mut Bytes) -> Vec<u8> {
    match input.byte() % 8 {
        0 => b"a".to_vec(),
        1 => b"A".to_vec(),
        2 => b"x".to_vec(),
        3 => Vec::new(),
        4 => b"%".to_vec(),
        _ => (0..input.byte() % 8).map(|_| input.byte()).collect(),
    }
}

/// A size of a piece of the big texts: mostly up to 64 KiB, the whole
/// 16 MiB (REPLACES' bound) or 1 MiB for the last two byte values, as the
/// big ones cost milliseconds.
fn big_len(b: u8) -> i64 {
    match b {
        255 => 1 << 24,
        254 => 1 << 20,
        b => 1 << (b % 17),
    }
}

/// Bytes of the big texts (the 16 MiB one, the `%a%` one) the SUBSTITUTEs
/// of one input may go through: one whole 16 MiB text, or sixteen 1 MiB
/// pieces. SUBSTITUTE goes through its text a byte at a time, ~11 ns a
/// byte in the test build and 25-90 ns under the fuzzer's coverage
/// instrumentation (a callback on every compare): a 1 KiB input of 204
/// SUBSTITUTEs of the whole 16 MiB text ran 78 s, one of 203 SUBSTITUTEs
/// of the 1 MiB `%a%` text 16 s, past the 10 s timeout. Slow but finite
/// (linear in what it is given), so the harness bounds it: past the
/// budget, pieces of the big texts are 1 KiB at most.
pub const SCAN_BUDGET: i64 = 1 << 24;

/// `len` bytes of a big text for SUBSTITUTE, or 1 KiB of them once the
/// input's `budget` (see `SCAN_BUDGET`) would be passed.
fn within_budget(budget: &mut i64, len: i64) -> i64 {
    let len = if len > *budget { len.min(1024) } else { len };
    *budget -= len;
    len
}

/// Buffer sizes SUBSTITUTE is given.
const ROOMS: &[i64] = &[
    0,
    1,
    3,
    80,
    1024,
    65536,
    1 << 24,
    (1 << 24) + 1,
    1 << 40,
    -1,
    i64::MAX,
];

/// Operations from the bytes: REPLACES (a name, and a text from the input
/// or a piece of the 16 MiB one), SUBSTITUTE (a text from the input or a
/// piece of the `%a%` one or the 16 MiB one, within `SCAN_BUDGET`, into
/// the PAD or the 16 MiB buffer, with a size from ROOMS), UNESCAPE. After each SUBSTITUTE its result must fit:
/// u3 <= the buffer's size, or 0 with n = -78.
pub fn substitute(data: &[u8]) {
    if data.len() > 1024 {
        return;
    }
    SUBSTITUTING.with(|slot| {
        let mut slot = slot.borrow_mut();
        let reset_ok = slot.with(SUBSTITUTE_EVERY, Substituting::new, |s| {
            let pad = playforth::layout::PAD_ADDR as i64;
            let mut input = Bytes(data);
            let mut budget = SCAN_BUDGET;
            while !input.0.is_empty() {
                match input.byte() % 3 {
                    0 => {
                        let name = substitution_name(&mut input);
                        let name_addr = s.put(pad + 512, &name);
                        let (text, len) = if input.byte() % 4 == 0 {
                            (s.big, big_len(input.byte()))
                        } else {
                            let text: Vec<u8> =
                                (0..input.byte() % 32).map(|_| input.byte()).collect();
                            (s.put(pad + 256, &text), text.len() as i64)
                        };
                        let f = &mut s.repl.forth;
                        for c in [text, len, name_addr, name.len() as i64] {
                            let _ = f.push(c);
                        }
                        let _ = f.execute(s.replaces);
                    }
                    1 => {
                        let (text, len) = match input.byte() % 3 {
                            0 => {
                                let text: Vec<u8> =
                                    (0..input.byte() % 64).map(|_| input.byte()).collect();
                                (s.put(pad, &text), text.len() as i64)
                            }
                            1 => {
                                let len = big_len(input.byte()).min((1 << 20) - 1);
                                (s.pat, within_budget(&mut budget, len))
                            }
                            _ => (s.big, within_budget(&mut budget, big_len(input.byte()))),
                        };
                        let (buf, room) = match input.byte() % 2 {
                            0 => (pad, 1024),
                            _ => (s.out, ROOMS[input.byte() as usize % ROOMS.len()]),
                        };
                        let f = &mut s.repl.forth;
                        f.reset_after_error();
                        for c in [text, len, buf, room] {
                            let _ = f.push(c);
                        }
                        if f.execute(s.substitute).is_ok() {
                            let got = f.stack().to_vec();
                            let [at, u3, n] = got[..] else {
                                panic!("SUBSTITUTE left {got:?}");
                            };
                            assert_eq!(at, buf, "SUBSTITUTE's address");
                            if n >= 0 {
                                assert!(u3 <= room, "{u3} bytes into a buffer of {room}");
                            } else {
                                assert_eq!((u3, n), (0, -78), "SUBSTITUTE failed so");
                            }
                        }
                    }
                    _ => {
                        let text: Vec<u8> = (0..input.byte() % 64).map(|_| input.byte()).collect();
                        let addr = s.put(pad + 512, &text);
                        let dest = if input.byte() % 2 == 0 { pad } else { s.out };
                        let f = &mut s.repl.forth;
                        for c in [addr, text.len() as i64, dest] {
                            let _ = f.push(c);
                        }
                        let _ = f.execute(s.unescape);
                    }
                }
                s.repl.forth.reset_after_error();
            }
            s.repl.reset()
        });
        if reset_ok == Some(false) {
            slot.sys = None;
        }
    });
}

// ---------------------------------------------------------------------------
// Target `repl_lines` (issue 20): what the REPL makes of a terminal's bytes.
// ---------------------------------------------------------------------------

/// The lines a terminal's bytes make at the REPL, roughly as the line
/// editor reads them: an escape sequence (a key: `ESC [ ... final`, or
/// `ESC x`, Alt+x) and other control characters are no text, a byte that
/// is not UTF-8 is dropped (with the byte after it when that broke a
/// sequence, as rustyline's decoder does), CR and LF end a line.
fn terminal_lines(data: &[u8]) -> Vec<String> {
    let mut lines = vec![String::new()];
    let mut i = 0;
    while i < data.len() {
        let b = data[i];
        match b {
            b'\r' | b'\n' => {
                lines.push(String::new());
                i += 1;
            }
            0x1b => {
                i += 1;
                if data.get(i) == Some(&b'[') {
                    i += 1;
                    while i < data.len() && !(0x40..=0x7e).contains(&data[i]) {
                        i += 1;
                    }
                }
                i += 1;
            }
            b'\t' => {
                lines.last_mut().expect("a line").push('\t');
                i += 1;
            }
            0..=0x1f | 0x7f => i += 1,
            _ => {
                let width = match b {
                    0xc2..=0xdf => 2,
                    0xe0..=0xef => 3,
                    0xf0..=0xf4 => 4,
                    _ => 1,
                };
                let end = (i + width).min(data.len());
                match std::str::from_utf8(&data[i..end]) {
                    Ok(c) => {
                        lines.last_mut().expect("a line").push_str(c);
                        i = end;
                    }
                    // A lead byte with a bad next byte takes it along.
                    Err(_) if width > 1 && i + 1 < data.len() => i += 2,
                    Err(_) => i += 1,
                }
            }
        }
    }
    lines
}

/// The known words by lower-cased name, for quick look-ups (the REPL's
/// helper has a map too).
fn word_map() -> &'static std::collections::HashMap<String, Option<String>> {
    static MAP: std::sync::OnceLock<std::collections::HashMap<String, Option<String>>> =
        std::sync::OnceLock::new();
    MAP.get_or_init(|| {
        known_words()
            .iter()
            .map(|(n, e)| (n.to_ascii_lowercase(), e.clone()))
            .collect()
    })
}

/// The bytes as a terminal sends them (text, keys, bytes that are not
/// UTF-8, long pastes): each line goes through what the REPL does with it
/// as it is typed and entered (the record of the line typed, put back at
/// any cursor; what is open, the prompt, the notes; hint and colours at
/// its end). Checked: the line put back is the line typed, and what is
/// open after reading the lines one by one is what reading them all at
/// once finds.
pub fn repl_lines(data: &[u8]) {
    if data.len() > 1 << 20 {
        return;
    }
    let lines = terminal_lines(data);
    let mut open = repl_line::Open::default();
    let mut typed = repl_line::Typed::default();
    for line in &lines {
        // As typed: the record after every key (sampled on long lines).
        let step = (line.len() / 16).max(1);
        let ends: Vec<usize> = (0..=line.len())
            .filter(|&k| line.is_char_boundary(k))
            .step_by(step)
            .chain([line.len()])
            .collect();
        for k in ends {
            typed.saw(&line[..k], k);
        }
        let n = line.len();
        let places = [0, 1, 2, n / 3, n / 2, n.saturating_sub(1), n, n + 1];
        for pos in places.into_iter().chain(
            line.char_indices()
                .take(16)
                .map(|(i, c)| i + c.len_utf8() / 2),
        ) {
            typed.moved(line, pos);
            let (left, right) = typed.split();
            if !typed.long() {
                assert_eq!(format!("{left}{right}"), *line, "the line put back");
                assert!(left.len() <= pos, "the cursor put back after it was");
            }
        }
        open.feed(line);
        let _ = open.unfinished();
        let _ = open.continuation_prompt();
        let _ = open.what_is_open();
        let _ = open.note(line);
        let map = word_map();
        let effect = |w: &str| map.get(&w.to_ascii_lowercase()).cloned().flatten();
        let _ = repl_line::hint(line, line.len(), &effect);
        if line.len() <= repl_line::LONG_LINE {
            let known = |w: &str| map.contains_key(&w.to_ascii_lowercase()).then_some(false);
            let _ = repl_line::highlight(line, 10, &known);
        }
    }
    let mut whole = repl_line::Open::default();
    whole.feed(&lines.join("\n"));
    assert_eq!(open, whole, "what is open, line by line and at once");
}
