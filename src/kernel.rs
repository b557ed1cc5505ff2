//! The kernel: [`Forth`], one whole system, as the parts it is made of —
//! the machine the inner loop runs on ([`Machine`]), the compiler's state,
//! the input, the host, the pending error, the tracer, the preferences and
//! the word families' slots — and the machine's own operations on the
//! stacks that every word body uses (`push`, `pop`, `fail` …).
//!
//! Nothing here runs code or talks to the world: the inner interpreter is
//! `vm.rs`, the host API `system.rs`. Every other module builds on this
//! one; it depends only on the parts' own modules.

use crate::code::CodeSpace;
use crate::dictionary::Dictionary;
use crate::error::*;
use crate::input::Input;
use crate::instr::Instr;
use crate::memory::{self, Memory};
use crate::stacks::*;

/// The body of a built-in word.
pub(crate) type PrimFn = fn(&mut Forth) -> crate::error::Res<()>;

/// Nesting of EVALUATE, INCLUDED and CATCHes across them, in Rust frames.
pub const MAX_RUN_DEPTH: u32 = 200;

/// Code addresses of the fixed stubs at the start of the code space.
pub const EXECUTE_STUB: u32 = 0;
pub const CATCH_END: u32 = 2;
pub const STUB_END: u32 = 3;

/// One Forth system: the machine the inner loop runs on and the parts
/// around it, each owning its own state. Nothing else holds state of a
/// system (the Ctrl-C flag is its host's, the course is outside).
pub struct Forth {
    /// Stacks, data space, code space, dictionary, built-in bodies.
    pub(crate) vm: Machine,
    /// The definition being compiled, its DO loops and locals.
    pub(crate) compiler: crate::compiler::state::Compiler,
    /// Where the outer interpreter reads: sources, kept texts, the token.
    pub(crate) input: Input,
    /// The world outside: output, console, files, arguments, clock, Ctrl-C.
    pub(crate) host: crate::host::Host,
    /// What the report of the throw in flight needs.
    pub(crate) pending: crate::kernel::Pending,
    /// TRACE's watch list and position.
    pub(crate) trace: crate::kernel::Tracer,
    /// The REPL's and the output words' settings.
    pub(crate) prefs: Prefs,
    /// The word families' own state, a typed slot each.
    pub(crate) words: crate::kernel::WordState,
    /// BYE was executed: the status to exit with.
    pub(crate) bye: Option<i32>,
    /// The lines `undo` can take back, when the prompt keeps them
    /// (`Forth::keep_undo`; see `undo.rs`).
    pub(crate) undo: Option<Box<UndoLog>>,
}

/// The state of a system before a line typed at the prompt ran, as `undo`
/// puts it back (`undo.rs` takes and restores it). Large parts are kept
/// in chunks shared with the copy before, where unchanged.
pub(crate) struct Saved {
    pub(crate) data: Box<[i64]>,
    pub(crate) returns: Box<[i64]>,
    pub(crate) floats: Box<[f64]>,
    pub(crate) here: usize,
    pub(crate) mem: crate::memory::MemorySnap,
    pub(crate) code: crate::code::CodeSnap,
    pub(crate) dict: crate::dictionary::DictSnap,
    pub(crate) compiler: crate::compiler::state::Compiler,
    pub(crate) prefs: Prefs,
    pub(crate) traced: Vec<u32>,
    pub(crate) text_kept: usize,
    pub(crate) hld: usize,
    pub(crate) substitutions: std::rc::Rc<Substitutions>,
    pub(crate) rng: GameRng,
    pub(crate) exceptions: usize,
    pub(crate) args: Vec<String>,
    pub(crate) arg_addrs: std::collections::HashMap<String, i64>,
    pub(crate) argv: (i64, Vec<String>),
    pub(crate) drawing: crate::drawing::DrawingSnap,
}

/// One line `undo` can take back: the state before it, its text, and what
/// it did that cannot be taken back.
pub(crate) struct UndoEntry {
    pub(crate) before: Saved,
    /// The line (the last of them, when lines that changed nothing
    /// followed it: they go back with it).
    pub(crate) line: String,
    /// It wrote output.
    pub(crate) printed: bool,
    /// It may have changed files (`FileTable::changes`).
    pub(crate) files: bool,
    /// The course's record of typed lines holds this many since `before`.
    pub(crate) recorded: usize,
    /// What this entry holds that the one before it does not share, in
    /// bytes (`UndoLog::MAX_BYTES` bounds their sum).
    pub(crate) bytes: usize,
}

/// The lines `undo` can take back, newest last, within `MAX_LINES` and
/// `MAX_BYTES`.
#[derive(Default)]
pub(crate) struct UndoLog {
    pub(crate) entries: std::collections::VecDeque<UndoEntry>,
    /// The highest HERE seen: data space up to it is kept.
    pub(crate) dict_top: usize,
    /// Why older lines cannot be taken back, when a bound dropped them.
    pub(crate) horizon: Option<String>,
    /// Bytes written and file changes counted when the newest line
    /// started (`io::Out::written`, `io::FileTable::changes`).
    pub(crate) out_mark: (u64, u64),
}

impl UndoLog {
    /// Lines kept at most.
    pub(crate) const MAX_LINES: usize = 32;
    /// Bytes kept at most, in all.
    pub(crate) const MAX_BYTES: usize = 16 << 20;
}

/// Settings the user changes with words: how the REPL shows the stack,
/// float precision, structures at the prompt.
#[derive(Clone, PartialEq)]
pub(crate) struct Prefs {
    /// The REPL shows the stack after ` ok` (SHOW-STACK).
    pub(crate) show_stack: bool,
    /// `show-stack boxes`: `.S` and the REPL draw the stack as a row of
    /// boxed cells.
    pub(crate) stack_boxes: bool,
    /// Significant digits F., FE. and FS. print (SET-PRECISION).
    pub(crate) precision: usize,
    /// IF, DO, ?DO, BEGIN and CASE outside a definition compile the
    /// structure into a nameless definition and run it when it is closed
    /// (on at the REPL; PROMPT-CONTROL turns it on or off).
    pub(crate) prompt_control: bool,
    /// The note that a number with a dot inside (`3.14`) is a double
    /// integer was given (once a session, at the prompt).
    pub(crate) double_dot_noted: bool,
    /// The note that `[char]` typed at the prompt is `char` there was
    /// given (once a session).
    pub(crate) bracket_char_noted: bool,
}

/// The machine the inner loop runs on: the stacks, data space, code
/// space, dictionary and the table of built-in bodies. The hot loop
/// borrows these fields apart; everything else a system has lives beside
/// it in [`Forth`].
pub(crate) struct Machine {
    /// The data, return, call, locals and catch stacks.
    pub(crate) stacks: Stacks,
    /// Nesting of `run` (EVALUATE, INCLUDED, CATCH across them).
    pub(crate) run_depth: u32,
    pub(crate) mem: Memory,
    /// The data-space pointer (HERE).
    pub(crate) here: usize,
    /// The compiled instructions, their source positions, locals' names.
    pub(crate) code: CodeSpace,
    pub(crate) dict: Dictionary,
    /// The bodies of the built-in words, by primitive id.
    pub(crate) prims: &'static [PrimFn],
}

/// What the report of an uncaught throw needs that the throw code alone
/// does not carry, saved when it was raised.
#[derive(Default)]
pub(crate) struct Pending {
    /// Extra text for the pending throw (undefined word name, ABORT" message).
    /// It belongs to the throw code beside it: a message left by a throw
    /// that was caught or discarded never dresses up a later, other error.
    pub(crate) throw_msg: Option<(Throw, String)>,
    /// Where the structure an unclosed-structure error names was opened,
    /// for a second caret in the report.
    pub(crate) throw_opened: Option<crate::code::Pos>,
    /// The built-in word run last by the slow path, if it failed: the word
    /// EXECUTE (or a deferred word) ran, for the report.
    pub(crate) executed: Option<Instr>,
    pub(crate) fault: Fault,
    /// A built-in word called from machine code failed with this code
    /// (`Forth::native_prim`): the interpreter reports it where the code
    /// stopped, as if it had run the word itself, without running it again.
    pub(crate) native_fail: Option<Throw>,
    /// Where, when `slow` hands that failure to the hot loop's caller.
    pub(crate) native_fail_at: Option<u32>,
}

/// TRACE's state: which words it watches and where it is.
#[derive(Default)]
pub(crate) struct Tracer {
    /// Code addresses of the words TRACE watches.
    pub(crate) traced: Vec<u32>,
    /// Names to trace as soon as they are defined (`--trace NAME`).
    pub(crate) trace_names: Vec<String>,
    /// Call depth where the traced word runs, while it runs.
    pub(crate) trace_base: Option<usize>,
    /// Tracing: the code address of the step being traced.
    pub(crate) trace_at: u32,
    /// The steps of traced words, kept for a host that shows them one by
    /// one (`Forth::record_trace`; None: not kept). At most
    /// `MAX_TRACE_STEPS`.
    pub(crate) steps: Option<Vec<TraceStep>>,
}

/// The most trace steps kept for a host (`Forth::take_trace_steps`).
pub const MAX_TRACE_STEPS: usize = 2000;

/// The most cells of each stack a kept trace step holds (the top ones).
const STEP_CELLS: usize = 64;

/// One step of a traced word as TRACE printed it: the word (or control
/// word) run, how deep in the traced word's calls, and the stacks after
/// it (their top `STEP_CELLS` cells), bottom first.
#[derive(Clone, Debug, PartialEq)]
pub struct TraceStep {
    pub word: String,
    pub depth: usize,
    pub stack: Vec<i64>,
    pub floats: Vec<f64>,
}

impl Forth {
    /// Keep the step TRACE just printed, when a host asked for them.
    #[cold]
    pub(crate) fn keep_trace_step(&mut self, word: &str, depth: usize) {
        let top = |s: usize| s.saturating_sub(STEP_CELLS);
        let stack = self.stack();
        let stack = stack[top(stack.len())..].to_vec();
        let floats = self.vm.stacks.fstack();
        let floats = floats[top(floats.len())..].to_vec();
        if let Some(steps) = &mut self.trace.steps
            && steps.len() < MAX_TRACE_STEPS
        {
            steps.push(TraceStep {
                word: word.to_string(),
                depth,
                stack,
                floats,
            });
        }
    }
}

/// Where the exception in flight was raised, saved before unwinding
/// (`Forth::note_fault`, when the inner interpreter fails). The call list
/// is a buffer kept between throws, so THROW does not allocate.
#[derive(Clone, Debug, Default)]
pub struct Fault {
    /// Whether the fields below belong to the exception in flight: set
    /// where the innermost level of the inner interpreter fails (outer
    /// levels it unwinds through keep what it saved); cleared when the
    /// exception is caught or reported.
    pub active: bool,
    /// The code address of the instruction that failed, if it is not in
    /// one of the system's stubs.
    pub ip: Option<u32>,
    /// The return addresses of the calls it was in, outermost first.
    pub calls: Vec<u32>,
    /// The instruction that failed (or the built-in word it ran).
    pub instr: Option<Instr>,
    /// When it failed inside a word the prelude defines in Forth and is
    /// reported at that word's call (`instr`): the instruction that failed
    /// in it.
    pub inside: Option<Instr>,
    /// The data stack depth the failing instruction was given (every
    /// instruction checks before it changes anything, so the cells it
    /// would have taken are still in the array).
    pub depth: usize,
}

/// The word families' state, one slot each; only the family's own words
/// touch its slot.
pub(crate) struct WordState {
    /// Interpreted strings, pictured output, SUBSTITUTE's names.
    pub(crate) text: TextState,
    /// The generator behind RANDOM and CHOOSE.
    pub(crate) games: GameState,
    /// The throw codes EXCEPTION made, with their messages.
    pub(crate) exceptions: Exceptions,
    /// The turtle and what it drew.
    pub(crate) turtle: crate::drawing::Drawing,
}

impl WordState {
    pub(crate) fn new(rng: GameRng) -> WordState {
        WordState {
            text: TextState::default(),
            games: GameState {
                rng,
                picture: Default::default(),
            },
            exceptions: Exceptions::default(),
            turtle: crate::drawing::Drawing::new(),
        }
    }
}

/// The throw codes EXCEPTION made, counting down from -2050 as gforth's
/// do: the message of code `FIRST - i` is `messages[i]`. As in gforth
/// 0.7.3, where its UTF-8 decoder takes the first at start-up, -2050 is
/// "malformed UTF-8 character", so a program's first is -2051.
pub(crate) struct Exceptions {
    messages: Vec<Box<str>>,
    bytes: usize,
}

impl Default for Exceptions {
    fn default() -> Exceptions {
        let first: Box<str> = "malformed UTF-8 character".into();
        Exceptions {
            bytes: first.len(),
            messages: vec![first],
        }
    }
}

impl Exceptions {
    /// The code of the first exception.
    pub(crate) const FIRST: i64 = -2050;
    /// Codes at most, and bytes of messages at most, in all.
    const MAX_CODES: usize = 1 << 16;
    const MAX_BYTES: usize = 1 << 20;

    /// A new code with this message; an error message if a bound would be passed.
    pub(crate) fn add(&mut self, message: &str) -> Result<i64, String> {
        if self.messages.len() >= Self::MAX_CODES {
            return Err(format!(
                "EXCEPTION has made {} throw codes, the most it makes",
                Self::MAX_CODES
            ));
        }
        if self.bytes + message.len() > Self::MAX_BYTES {
            return Err(format!(
                "the messages of EXCEPTION's throw codes would take more than {} MiB",
                Self::MAX_BYTES >> 20
            ));
        }
        self.bytes += message.len();
        self.messages.push(message.into());
        Ok(Self::FIRST - (self.messages.len() as i64 - 1))
    }

    /// How many codes it has made (with the first, made at start-up).
    pub(crate) fn count(&self) -> usize {
        self.messages.len()
    }

    /// Forget the codes made after the first `n` (`undo`).
    pub(crate) fn truncate(&mut self, n: usize) {
        for m in self.messages.drain(n.max(1).min(self.messages.len())..) {
            self.bytes -= m.len();
        }
    }

    /// The message EXCEPTION gave `code`, if it made it.
    pub(crate) fn message(&self, code: i64) -> Option<&str> {
        let i = usize::try_from(Self::FIRST.checked_sub(code)?).ok()?;
        self.messages.get(i).map(|m| &**m)
    }
}

/// The text words' state.
pub(crate) struct TextState {
    /// Bytes of heap the interpreted strings (S", S\", C" outside a
    /// definition) keep for good, within `KEPT_STRING_BYTES`.
    pub(crate) kept_bytes: usize,
    /// Pictured numeric output: where HOLD puts the next character.
    pub(crate) hld: usize,
    /// REPLACES definitions for SUBSTITUTE, by lower-cased name.
    pub(crate) substitutions: Substitutions,
}

impl Default for TextState {
    fn default() -> TextState {
        TextState {
            kept_bytes: 0,
            hld: crate::memory::HOLD_END,
            substitutions: Default::default(),
        }
    }
}

/// REPLACES' texts by lower-cased name, with their total size kept as
/// they change, so a REPLACES costs the same however many names there are.
#[derive(Clone, Default, PartialEq)]
pub(crate) struct Substitutions {
    texts: std::collections::HashMap<String, Vec<u8>>,
    bytes: usize,
}

impl Substitutions {
    /// Bytes of text kept, for `undo`'s count.
    pub(crate) fn bytes(&self) -> usize {
        self.bytes + self.texts.keys().map(|k| k.len() + 48).sum::<usize>()
    }

    /// Names at most, and bytes of text at most, in all (-8 and -59 past them).
    const MAX_NAMES: usize = 1 << 16;
    const MAX_BYTES: usize = 16 << 20;

    /// Give `name` its text; an error message if a bound would be passed.
    pub(crate) fn set(&mut self, name: String, text: Vec<u8>) -> Result<(), (Throw, &'static str)> {
        let old = self.texts.get(&name).map(Vec::len);
        if old.is_none() && self.texts.len() >= Self::MAX_NAMES {
            return Err((DICTIONARY_OVERFLOW, "too many REPLACES names"));
        }
        // All replacement texts together stay within a bound, like the heap.
        let kept = self.bytes - old.unwrap_or(0);
        if kept + text.len() > Self::MAX_BYTES {
            return Err((ALLOCATE, "REPLACES texts would take more than 16 MiB"));
        }
        self.bytes = kept + text.len();
        self.texts.insert(name, text);
        Ok(())
    }

    /// The text REPLACES gave `name` (lower-cased), if any.
    pub(crate) fn get(&self, name: &str) -> Option<&Vec<u8>> {
        self.texts.get(name)
    }
}

/// The generator behind RANDOM and CHOOSE.
pub(crate) type GameRng = rand_chacha::ChaCha8Rng;

/// The game words' state: the generator behind RANDOM and CHOOSE, and
/// the board picture being described and the one published.
pub(crate) struct GameState {
    pub(crate) rng: GameRng,
    pub(crate) picture: crate::picture::PictureState,
}

impl Forth {
    // ---- the stacks (the rules are `Stacks`'; these read shorter in the
    // word bodies, and the return-stack reads add the report's message) ----

    #[inline(always)]
    pub fn push(&mut self, v: i64) -> Res<()> {
        self.vm.stacks.push(v)
    }

    #[inline(always)]
    pub fn pop(&mut self) -> Res<i64> {
        self.vm.stacks.pop()
    }

    /// The cell `n` below the top (0 = top).
    #[inline(always)]
    pub(crate) fn peek(&self, n: usize) -> Res<i64> {
        self.vm.stacks.peek(n)
    }

    /// Room for n more cells on the data stack.
    #[inline(always)]
    pub(crate) fn room(&self, n: usize) -> Res<()> {
        self.vm.stacks.room(n)
    }

    /// Room for n more cells on the return stack.
    #[inline(always)]
    pub(crate) fn rroom(&self, n: usize) -> Res<()> {
        self.vm.stacks.rroom(n)
    }

    /// Fail with -4 unless the stack holds at least `n` cells.
    #[inline(always)]
    pub(crate) fn need(&self, n: usize) -> Res<()> {
        self.vm.stacks.need(n)
    }

    #[inline(always)]
    pub(crate) fn pop_bool(&mut self) -> Res<bool> {
        Ok(self.pop()? != 0)
    }

    #[inline(always)]
    pub(crate) fn push_bool(&mut self, b: bool) -> Res<()> {
        self.push(if b { -1 } else { 0 })
    }

    /// Pop a double cell (high cell on top).
    pub(crate) fn pop_double(&mut self) -> Res<i128> {
        let hi = self.pop()?;
        let lo = self.pop()?;
        Ok(((hi as i128) << 64) | (lo as u64 as i128))
    }

    pub(crate) fn push_double(&mut self, d: i128) -> Res<()> {
        self.push(d as i64)?;
        self.push((d >> 64) as i64)
    }

    /// Pop a length or count: negative values are -24.
    pub(crate) fn pop_len(&mut self) -> Res<i64> {
        let n = self.pop()?;
        if n < 0 {
            Err(INVALID_NUMERIC_ARG)
        } else {
            Ok(n)
        }
    }

    /// Pop the length `u` of a range of memory. It is unsigned, as the
    /// standard says: a negative one is a huge range that memory does not
    /// hold, -9 for every word alike (MOVE, FILL, TYPE, DUMP ...), as in
    /// gforth, never a silent no-op.
    pub(crate) fn pop_range_len(&mut self) -> Res<i64> {
        let u = self.pop()?;
        if u < 0 {
            return Err(self.fail(
                BAD_ADDRESS,
                format!(
                    "a length of {u} is the unsigned number {}, more bytes than memory holds: a length must be 0 or more",
                    u as u64
                ),
            ));
        }
        Ok(u)
    }

    /// Pop ( c-addr u ) and copy the string out of data space.
    pub(crate) fn pop_string(&mut self) -> Res<String> {
        let len = self.pop()?;
        let addr = self.pop()?;
        self.vm.mem.string(addr, len)
    }

    pub(crate) fn pop_bytes(&mut self) -> Res<Vec<u8>> {
        let len = self.pop()?;
        let addr = self.pop()?;
        Ok(self.vm.mem.slice(addr, len)?.to_vec())
    }

    pub fn depth(&self) -> usize {
        self.vm.stacks.depth()
    }

    /// The data stack, bottom first.
    pub fn stack(&self) -> &[i64] {
        self.vm.stacks.cells()
    }

    // ---- return stack ----

    #[inline(always)]
    pub(crate) fn rpush(&mut self, v: i64) -> Res<()> {
        self.vm.stacks.rpush(v)
    }

    #[inline(always)]
    pub(crate) fn rpop(&mut self) -> Res<i64> {
        match self.vm.stacks.rpop_own() {
            Some(v) => Ok(v),
            None => Err(self.reach_past_frame(0)),
        }
    }

    #[inline(always)]
    pub(crate) fn rpeek(&mut self, n: usize) -> Res<i64> {
        match self.vm.stacks.rpeek_own(n) {
            Some(v) => Ok(v),
            None => Err(self.reach_past_frame(0)),
        }
    }

    /// The cells the running word has on the return stack.
    #[inline(always)]
    pub(crate) fn rdepth_own(&self) -> usize {
        self.vm.stacks.rdepth_own()
    }

    /// A word reached for return-stack cells it did not push: a broken
    /// rule inside a word (where older Forths keep its return address: the
    /// message names those idioms), underflow when interpreting with the
    /// stack empty (once the `taken` cells it could have are gone).
    #[cold]
    pub(crate) fn reach_past_frame(&mut self, taken: usize) -> Throw {
        if self.vm.stacks.call_depth() == 0 && self.vm.stacks.rdepth() <= taken {
            return RSTACK_UNDERFLOW;
        }
        if self.vm.stacks.rdepth() <= taken {
            // Inside a word, with nothing on the return stack: in older
            // Forths the cell it takes is its return address.
            return self.fail(
                RSTACK_IMBALANCE,
                "this word takes a return-stack cell it did not put there: in older Forths that is its return address \
                 (`r> drop` to leave the calling word too, `r>` to read what was compiled after the call), \
                 but playforth keeps return addresses apart, and a word may only take back what it pushed itself \
                 (>r ... r>, do ... loop); to leave the caller too, give it a flag to test (`if exit then`), or THROW to a CATCH",
            );
        }
        self.fail(
            RSTACK_IMBALANCE,
            "this word reaches for return-stack cells it did not put there; \
             a word may only take back what it pushed itself (>r ... r>, do ... loop)",
        )
    }

    /// EXIT found the return stack not as the word found it.
    #[cold]
    pub(crate) fn exit_imbalance(&mut self) -> Throw {
        let extra = self.vm.stacks.rdepth() as i64 - self.vm.stacks.rbase() as i64;
        self.fail(
            RSTACK_IMBALANCE,
            format!(
                "the word is leaving with {extra} cell(s) of its own on the return stack; \
                 every >r needs an r> before the word ends, and EXIT inside a DO loop needs UNLOOP first \
                 (nor does `>r ... exit` jump, as in older Forths: EXECUTE runs an xt)"
            ),
        )
    }

    // ---- system variables ----

    pub fn base(&self) -> i64 {
        self.vm.mem.cell(memory::BASE_ADDR as i64).unwrap_or(10)
    }

    pub(crate) fn compiling(&self) -> bool {
        self.vm.mem.cell(memory::STATE_ADDR as i64).unwrap_or(0) != 0
    }

    pub(crate) fn set_state(&mut self, compiling: bool) {
        let _ = self
            .vm
            .mem
            .set_cell(memory::STATE_ADDR as i64, if compiling { -1 } else { 0 });
    }

    /// The word list new definitions go into. Its id lives in CURRENT's
    /// cell too, where programs written for gforth store one
    /// (`wid current !`): an id found there is taken up; anything else
    /// there is -12, saying so.
    pub(crate) fn current(&mut self) -> Res<u32> {
        let cell = self.vm.mem.cell(memory::CURRENT_ADDR as i64)?;
        match u32::try_from(cell) {
            Ok(w) if self.vm.dict.set_current(w) => Ok(w),
            _ => {
                // Put back what the dictionary has, so the report's own
                // lookups and the next definition find a word list.
                let now = self.vm.dict.current();
                let _ = self
                    .vm
                    .mem
                    .set_cell(memory::CURRENT_ADDR as i64, now as i64);
                Err(self.fail(
                    ARG_TYPE,
                    format!("CURRENT held {cell}, which is not a word list id; it is back to {now} (use `set-current` with an id from `wordlist` or `get-current`)"),
                ))
            }
        }
    }

    /// Make `wid` the word list new definitions go into (in CURRENT's cell too).
    pub(crate) fn set_current(&mut self, wid: u32) {
        self.vm.dict.set_current(wid);
        let _ = self
            .vm
            .mem
            .set_cell(memory::CURRENT_ADDR as i64, wid as i64);
    }

    /// Set a message to accompany the next throw, and return the throw.
    pub(crate) fn fail(&mut self, t: Throw, msg: impl Into<String>) -> Throw {
        self.pending.throw_msg = Some((t, msg.into()));
        t
    }
}
