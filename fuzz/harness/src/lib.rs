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
        let (mut forth, out) = Forth::for_test(b"");
        forth.set_interrupt(WATCHED.clone());
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
