//! The virtual machine: stacks, memory, code space, and the inner
//! interpreter that runs compiled code.
//!
//! `Forth` holds the whole state of one Forth system. The inner interpreter
//! ([`Forth::run`]) is a loop over `Instr` with an explicit call stack, so
//! Forth recursion never recurses in Rust. Return addresses live on that
//! call stack, separate from the Forth return stack that `>R` and DO loops
//! use; exceptions unwind both to the frame CATCH saved.

use crate::dictionary::Kind;
use crate::error::*;
use crate::instr::{Instr, Trace};
use crate::jit;
use crate::kernel::{CATCH_END, EXECUTE_STUB, Forth, MAX_RUN_DEPTH, Machine, STUB_END};
use crate::words::core::Core;
use crate::words::float::Floating;
use crate::words::text::Text;
use std::io::Write;
use std::sync::atomic::Ordering;

use crate::compiler;
pub(crate) use crate::stacks::*;
use crate::words::tools;
/// The table numbers of the float words the hot loop runs itself.
const fn prim_id(i: Instr) -> u16 {
    match i {
        Instr::Prim(id) => id,
        _ => u16::MAX,
    }
}
const F_LIT: u16 = prim_id(Floating::FLit.instr());
const S_TO_F: u16 = prim_id(Floating::SToF.instr());
const F_DUP: u16 = prim_id(Floating::FDup.instr());
const F_OVER: u16 = prim_id(Floating::FOver.instr());
const F_DROP: u16 = prim_id(Floating::FDrop.instr());
const F_SWAP: u16 = prim_id(Floating::FSwap.instr());
const F_PLUS: u16 = prim_id(Floating::FPlus.instr());
const F_MINUS: u16 = prim_id(Floating::FMinus.instr());
const F_STAR: u16 = prim_id(Floating::FStar.instr());
const F_SLASH: u16 = prim_id(Floating::FSlash.instr());
const F_FETCH: u16 = prim_id(Floating::FFetch.instr());
const F_STORE: u16 = prim_id(Floating::FStore.instr());
/// And the everyday words real programs use in their loops.
const CHARS: u16 = prim_id(Core::Chars.instr());
const PICK: u16 = prim_id(Core::Pick.instr());
// The superinstructions that fuse CHARS and PICK know them by number
// (instr.rs may not ask the word tables): the numbers must agree.
const _: () = assert!(
    CHARS == crate::instr::CHARS_ID && PICK == crate::instr::PICK_ID,
    "the table numbers of CHARS and PICK moved: set CHARS_ID and PICK_ID in instr.rs"
);
const TWO_OVER: u16 = prim_id(Core::TwoOver.instr());
const TWO_SWAP: u16 = prim_id(Core::TwoSwap.instr());
const TWO_TO_R: u16 = prim_id(Core::TwoToR.instr());
const TWO_R_FROM: u16 = prim_id(Core::TwoRFrom.instr());
const TWO_R_FETCH: u16 = prim_id(Core::TwoRFetch.instr());
const _: () = assert!(
    TWO_TO_R == crate::instr::TWO_TO_R_ID
        && TWO_R_FROM == crate::instr::TWO_R_FROM_ID
        && TWO_R_FETCH == crate::instr::TWO_R_FETCH_ID
        && prim_id(Core::Unloop.instr()) == crate::instr::UNLOOP_ID,
    "the table numbers of 2>R, 2R>, 2R@ and UNLOOP moved: set them in instr.rs"
);
const CMOVE: u16 = prim_id(Core::CMove.instr());
const COMPARE: u16 = prim_id(Text::Compare.instr());
const COUNT: u16 = prim_id(Text::Count.instr());
const SLASH_STRING: u16 = prim_id(Text::SlashString.instr());

/// What stopped the hot loop in `Forth::inner`.
enum Stop {
    /// An instruction failed with this code, before changing anything.
    Fail(Throw),
    /// `ip` is past the end of the code.
    BadCode,
    /// The run at this level returned.
    Done,
    /// The instruction at ip - 1 needs the whole machine: `Forth::slow`
    /// runs it.
    Slow,
    /// Tracing: one instruction ran.
    Stepped(Instr),
}

/// Does stepping a loop's index by `step` cross the boundary between
/// limit-1 and limit (+LOOP's end)?
#[inline(always)]
fn loop_ends(index: i64, limit: i64, step: i64) -> bool {
    let old = index.wrapping_sub(limit);
    let new = old.wrapping_add(step);
    (old ^ new) < 0 && (old ^ step) < 0
}

/// `x n op` for `InlineLitOp`, by the op's number in `LIT_OPS`; None
/// when the op would fail (then the call is made, and the word's own
/// instruction reports it).
#[inline(always)]
fn lit_op(op: u8, x: i64, n: i64) -> Option<i64> {
    Some(match op {
        0 => x.wrapping_add(n),
        1 => x.wrapping_sub(n),
        2 => x.wrapping_mul(n),
        3 => x & n,
        4 => x | n,
        5 => x ^ n,
        6 => {
            if (0..64).contains(&n) {
                ((x as u64) << n) as i64
            } else {
                0
            }
        }
        7 => {
            if (0..64).contains(&n) {
                ((x as u64) >> n) as i64
            } else {
                0
            }
        }
        8 => flag(x == n),
        9 => flag(x != n),
        10 => flag(x < n),
        11 => flag(x > n),
        12 | 13 => {
            if n == 0 || (x == i64::MIN && n == -1) {
                return None;
            }
            // Floored, as `/` and `mod` (the same lines as their arm: one
            // shared function moved siev's count by 6.7 %).
            let (mut q, mut r) = (x / n, x % n);
            if r != 0 && ((r < 0) != (n < 0)) {
                q -= 1;
                r += n;
            }
            if op == 12 { q } else { r }
        }
        _ => return None,
    })
}

#[inline(always)]
fn flag(b: bool) -> i64 {
    if b { -1 } else { 0 }
}

/// The built-in words native code calls out to (`jit.rs`): each only
/// computes on the data stack and data space, or prints; none reads input,
/// runs Forth code, or touches the return stack or the code space. One
/// that fails is reported where it is, not run again (`native_prim`).
const CALLABLE: &[&str] = &[
    "pick",
    "roll",
    "2swap",
    "2over",
    "2rot",
    "depth",
    "abs",
    "within",
    "under+",
    "bounds",
    "m*",
    "um*",
    "um/mod",
    "fm/mod",
    "sm/rem",
    "s>d",
    "d>s",
    "d+",
    "d-",
    "m+",
    "dnegate",
    "dabs",
    "dmax",
    "dmin",
    "d=",
    "d<",
    "du<",
    "d0=",
    "d0<",
    "d2*",
    "d2/",
    "m*/",
    "*/",
    "*/mod",
    "/mod",
    "w@",
    "w!",
    "l@",
    "l!",
    "on",
    "off",
    "aligned",
    "move",
    "cmove",
    "cmove>",
    "fill",
    "erase",
    "blank",
    "count",
    "scan",
    "skip",
    "compare",
    "search",
    "-trailing",
    "/string",
    "capscompare",
    "toupper",
    "<#",
    "#",
    "#s",
    "#>",
    "hold",
    "holds",
    "sign",
    ".",
    "u.",
    ".r",
    "u.r",
    "d.",
    "d.r",
    "ud.",
    "random",
    "choose",
    "stone",
    "cloth",
    "scissor",
    "compete",
    "flip",
    "flips",
    "legal-moves",
    "lowest-bit",
    "bit-count",
    "eats",
    "capture?",
    "on-board?",
    ">0x88",
    "0x88>",
    "attack-kinds",
    "attack-step",
    "reach",
    "path",
    "path-count",
    "emit",
    "type",
    "cr",
    "space",
    "spaces",
    "here",
    "base",
    "(abort\")",
    ",",
    "c,",
    "allot",
    "align",
    "decimal",
    "hex",
];

/// `CALLABLE` by primitive id.
fn callable_prims() -> &'static [bool] {
    static TABLE: std::sync::OnceLock<Vec<bool>> = std::sync::OnceLock::new();
    TABLE.get_or_init(|| {
        let mut t = Vec::new();
        for spec in crate::words::all_specs() {
            if let Instr::Prim(id) = spec.instr
                && CALLABLE.contains(&spec.name)
            {
                if t.len() <= id as usize {
                    t.resize(id as usize + 1, false);
                }
                t[id as usize] = true;
            }
        }
        t
    })
}

impl Forth {
    // ---- the inner interpreter ----

    /// Execute a word: the semantics of EXECUTE, from Rust.
    pub fn execute(&mut self, xt: u32) -> Res<()> {
        if let Some(entry) = self.native_for(xt) {
            // As EXECUTE_STUB's EXECUTE would call it: a frame returning
            // to the stub's EXIT, which ends the run.
            let base = self.vm.stacks.call_depth();
            let caller_rbase = self.vm.stacks.rbase();
            if self.vm.stacks.enter_frame(EXECUTE_STUB + 1) {
                match self.run_native(entry) {
                    jit::Exit::Returned => {
                        self.vm.stacks.set_rbase(caller_rbase);
                        return Ok(());
                    }
                    jit::Exit::Stopped(ip) => {
                        let failed = self.pending.native_fail.take();
                        return self.run_at(ip, base, failed);
                    }
                    jit::Exit::Unentered => {
                        self.vm.stacks.leave_frame();
                    }
                }
            }
        }
        self.push(xt as i64)?;
        self.run(EXECUTE_STUB)
    }

    /// The machine code of the colon definition `xt`, translated now if
    /// not yet, when it may run there: the native tier is on, no word is
    /// traced, and EXECUTE would call it at once (room for the xt and a
    /// frame, no Ctrl-C pending, a `run` level left).
    fn native_for(&mut self, xt: u32) -> Option<usize> {
        if !self.vm.code.natives.enabled
            || !self.trace.traced.is_empty()
            || self.vm.run_depth >= MAX_RUN_DEPTH
            || self.vm.stacks.depth() >= DS_SIZE
            || self.vm.stacks.call_depth() >= MAX_CALLS
            || self.host.interrupt.flag().load(Ordering::Relaxed)
        {
            return None;
        }
        let Some(Kind::Colon(target)) = self.vm.dict.words().get(xt as usize).map(|w| w.kind)
        else {
            return None;
        };
        self.native_at(target)
    }

    /// The machine code of the definition at `target`, translated now
    /// (with the words it calls) if not yet.
    fn native_at(&mut self, target: u32) -> Option<usize> {
        let Machine { code, dict, .. } = &mut self.vm;
        if code.natives.entry(target).is_none() {
            // What `Word(xt)` pushes, where nothing can change it.
            // (A DOES> that changes a word forgets every translation.)
            let word = |xt: u32| match dict.words().get(xt as usize).map(|w| w.kind) {
                Some(Kind::Variable(a) | Kind::Create(a)) => jit::WordKind::Push(a as i64),
                Some(Kind::Does { body, code }) => jit::WordKind::Does(body as i64, code),
                _ => jit::WordKind::Other,
            };
            let callable = |id: u16| callable_prims().get(id as usize) == Some(&true);
            let (natives, instrs) = code.natives_and_instrs();
            let sites = natives.prepare(target, instrs, &word, &callable);
            code.call_natively(&sites);
        }
        self.vm.code.natives.entry(target)
    }

    /// Run the machine code at `entry`, whose call frame is pushed, on
    /// this machine; the stacks' depths are written back.
    fn run_native(&mut self, entry: usize) -> jit::Exit {
        let mut ctx = jit::Ctx {
            irq: self.host.interrupt.flag().as_ptr() as usize,
            mem: self.vm.mem.native_base(),
            ..Default::default()
        };
        self.vm.stacks.native_view(&mut ctx);
        let (words, kinds) = (self.vm.dict.words().len(), self.vm.dict.kind_changes());
        (ctx.xts, ctx.xts_len) = self.vm.code.natives.xt_table(words, kinds);
        let Some(stub) = self.vm.code.natives.stub() else {
            return jit::Exit::Unentered;
        };
        let exit = jit::run(
            stub,
            entry,
            &mut ctx,
            self,
            Forth::native_prim,
            Forth::native_find,
        );
        self.vm.stacks.set_native(&ctx);
        exit
    }

    /// EXECUTE's question from native code (`jit::run`): the machine code
    /// of the colon definition `xt` names, translated now if not yet, or
    /// `XT_NONE` (any other kind of word, or one that is not translated:
    /// the interpreter runs it). The answer is kept in EXECUTE's table.
    fn native_find(&mut self, xt: u64) -> usize {
        let kind = usize::try_from(xt)
            .ok()
            .and_then(|x| self.vm.dict.words().get(x))
            .map(|w| w.kind);
        let entry = match kind {
            Some(Kind::Colon(target)) => self.native_at(target),
            _ => None,
        };
        self.vm.code.natives.set_xt(xt as usize, entry);
        entry.unwrap_or(jit::XT_NONE)
    }

    /// A built-in word called from native code (`jit::run`): the depths
    /// native code left, the word's body, the depths for native code
    /// again. False when it failed: the data stack's depth as it found it
    /// (as the hot loop's slow path leaves a failed word), the code kept
    /// in `pending.native_fail`; native code stops before the word, and
    /// the interpreter reports the failure there (`run_at`, `slow`), as
    /// if it had run the word itself. Nothing runs twice.
    fn native_prim(&mut self, ctx: &mut jit::Ctx, id: u16) -> bool {
        self.vm.stacks.set_native(ctx);
        let sp = self.vm.stacks.depth();
        let r = match self.vm.prims.get(id as usize) {
            Some(&body) => body(self),
            None => Err(BAD_ADDRESS),
        };
        let ok = match r {
            Ok(()) => true,
            Err(t) => {
                // As the hot loop's slow path leaves a failed word.
                *self.vm.stacks.parts().sp = sp;
                self.pending.native_fail = Some(t);
                false
            }
        };
        self.vm.stacks.native_depths(ctx);
        ok
    }

    /// Run code from `start` until it returns to this level. CATCH frames
    /// made at this level catch exceptions here; others go to the caller.
    pub(crate) fn run(&mut self, start: u32) -> Res<()> {
        let base = self.vm.stacks.call_depth();
        self.run_at(start, base, None)
    }

    /// `run`, where returning to call depth `base` ends the run; with
    /// `failed`, the instruction at `start` failed with that code (a
    /// built-in word machine code called) and is reported first.
    fn run_at(&mut self, start: u32, base: usize, mut failed: Option<Throw>) -> Res<()> {
        if self.vm.run_depth >= MAX_RUN_DEPTH {
            return Err(RSTACK_OVERFLOW);
        }
        self.vm.run_depth += 1;
        let depth = self.vm.run_depth;
        let mut ip = start;
        let result = loop {
            let r = if let Some(t) = failed.take() {
                Err((t, ip))
            } else if self.trace.traced.is_empty() {
                self.inner::<false>(ip, base)
            } else {
                self.inner::<true>(ip, base)
            };
            match r {
                Ok(()) => break Ok(()),
                Err((t, at)) => {
                    self.note_fault(at);
                    match self.vm.stacks.innermost_catch() {
                        Some(&f) if f.depth == depth && t != BYE => {
                            // Every stack back at the depth CATCH saw,
                            // then the code: 9.6.1.0875.
                            self.vm.stacks.unwind_to_catch();
                            self.pending.fault.active = false;
                            self.pending.throw_msg = None;
                            self.pending.throw_opened = None;
                            if let Err(e) = self.push(t.0) {
                                break Err(e);
                            }
                            ip = f.ip;
                        }
                        _ => break Err(t),
                    }
                }
            }
        };
        self.vm.run_depth -= 1;
        result
    }

    fn note_fault(&mut self, at: u32) {
        let executed = self.pending.executed.take();
        if !self.pending.fault.active {
            self.pending.fault.active = true;
            self.pending.fault.ip = (at >= STUB_END).then_some(at);
            let here = self.vm.code.get(at as usize).map(|i| i.unfused());
            // A built-in word that EXECUTE or a deferred word ran is the one
            // that failed (the caret stays under the EXECUTE); not a
            // run-time part such as `(unset)`: the word reaching it is named.
            let ran = executed
                .filter(|_| {
                    matches!(
                        here,
                        Some(Instr::Execute | Instr::Defer(_) | Instr::Word(_))
                    )
                })
                .filter(|&i| !self.instr_name(i).is_some_and(|n| n.starts_with('(')));
            self.pending.fault.instr = ran.or(here);
            self.pending.fault.inside = None;
            self.pending.fault.calls.clear();
            self.pending.fault.calls.extend(self.vm.stacks.returns());
            // `inner` left `sp` as the failing instruction found it.
            self.pending.fault.depth = self.vm.stacks.depth();
            self.lift_out_of_prelude();
        }
    }

    /// A failure inside a word the prelude defines in Forth (`sw@`,
    /// `place`, `ud/mod`) is reported where the program called it: its
    /// line and caret, that word named as the one that failed, with its
    /// stack effect. The prelude's own source is not the learner's to fix
    /// (`see sw@` shows it).
    fn lift_out_of_prelude(&mut self) {
        let fault = &mut self.pending.fault;
        let Some(ip) = fault.ip else { return };
        let dict = &self.vm.dict;
        if !dict.in_prelude_code(ip) {
            return;
        }
        // The innermost call made from outside the prelude (a user's word,
        // or a stub: the word typed or EXECUTEd at the prompt).
        let outside = |r: u32| r < STUB_END || !dict.in_prelude_code(r);
        let Some(k) = fault.calls.iter().rposition(|&r| outside(r)) else {
            return;
        };
        // The prelude word that call entered: the one holding the next
        // return address in, or the failing instruction.
        let inner = fault.calls.get(k + 1).map_or(ip, |&r| r - 1);
        let Some(word) = dict.word_at(inner) else {
            return;
        };
        let ret = fault.calls[k];
        fault.calls.truncate(k);
        fault.inside = fault.instr;
        if ret >= STUB_END {
            fault.ip = Some(ret - 1);
            fault.instr = self.vm.code.get(ret as usize - 1).map(|i| i.unfused());
        } else {
            fault.ip = None;
            fault.instr = dict.xt_instr(word);
        }
    }

    /// Run code. With TRACE, words marked by TRACE print each step; the
    /// ordinary loop is compiled without any of that.
    ///
    /// The data stack pointer lives in the local `sp` and is written back
    /// to the stacks (through their door, `Stacks::parts`) before anything
    /// that looks at the machine as a whole
    /// (a table word, EXECUTE, an error). Every instruction checks before
    /// it changes anything, so when one fails, `sp` is still the depth it
    /// was given: that is what error reports show.
    // Comparisons are written out: clippy's `contains` forms cost registers here.
    #[allow(clippy::manual_range_contains)]
    #[inline(always)]
    fn inner<const TRACE: bool>(&mut self, mut ip: u32, base: usize) -> Result<(), (Throw, u32)> {
        let mut sp = self.vm.stacks.depth();
        let mut rp = self.vm.stacks.rdepth();
        loop {
            let calls_before = self.vm.stacks.call_depth();
            if TRACE {
                let p = self.vm.stacks.parts();
                (*p.sp, *p.rp) = (sp, rp);
                self.trace_before(ip);
            }
            // The hot loop works on the parts of the machine it needs,
            // borrowed apart, with ip, sp and rp in registers. It runs until
            // an instruction needs the whole machine (`slow!`), fails
            // (`bail!`), or returns from this level.
            let stop = 'hot: {
                let Machine {
                    stacks,
                    mem,
                    code,
                    dict,
                    ..
                } = &mut self.vm;
                // Ctrl-C: polled at calls and backward branches, read
                // through `self.host` at each poll rather than held in a
                // local: a pointer kept live across the loop takes a
                // register (bubble and matrix ran 1.6 % more instructions).
                let host = &self.host;
                macro_rules! irq {
                    () => {
                        host.interrupt.flag()
                    };
                }
                let Parts {
                    ds,
                    rs,
                    rbase,
                    calls,
                    locals,
                    fs,
                    fp,
                    ..
                } = stacks.parts();
                let code = code.instrs();
                // Fail with the stack as this instruction found it.
                macro_rules! bail {
                    ($t:expr) => {
                        break 'hot Stop::Fail($t)
                    };
                }
                macro_rules! tri {
                    ($e:expr) => {
                        match $e {
                            Ok(v) => v,
                            Err(t) => bail!(t),
                        }
                    };
                }
                // At least n cells on the stack.
                macro_rules! need {
                    ($n:expr) => {
                        if sp < $n {
                            bail!(STACK_UNDERFLOW);
                        }
                    };
                }
                // Room for n more cells.
                macro_rules! room {
                    ($n:expr) => {
                        if sp + $n > DS_SIZE {
                            bail!(STACK_OVERFLOW);
                        }
                    };
                }
                // Room for n more cells on the return stack.
                macro_rules! rroom {
                    ($n:expr) => {
                        if rp + $n > RS_SIZE {
                            bail!(RSTACK_OVERFLOW);
                        }
                    };
                }
                // Stop here if Ctrl-C was pressed (calls and backward jumps).
                macro_rules! poll {
                    () => {
                        if irq!().load(Ordering::Relaxed) {
                            irq!().store(false, Ordering::Relaxed);
                            bail!(USER_INTERRUPT);
                        }
                    };
                }
                // Replace the top two cells by f(second, top).
                macro_rules! binary {
                    (|$a:ident, $b:ident| $e:expr) => {{
                        need!(2);
                        let $a = ds[(sp - 2) & DS_MASK];
                        let $b = ds[(sp - 1) & DS_MASK];
                        ds[(sp - 2) & DS_MASK] = $e;
                        sp -= 1;
                    }};
                }
                // Replace the top two floats by f(second, top).
                macro_rules! fbinary {
                    (|$a:ident, $b:ident| $e:expr) => {{
                        if *fp < 2 {
                            slow!();
                        }
                        let ($a, $b) = (fs[*fp - 2], fs[*fp - 1]);
                        fs[*fp - 2] = $e;
                        *fp -= 1;
                    }};
                }
                // Replace the top cell by f(top).
                macro_rules! unary {
                    (|$a:ident| $e:expr) => {{
                        need!(1);
                        let $a = ds[(sp - 1) & DS_MASK];
                        ds[(sp - 1) & DS_MASK] = $e;
                    }};
                }
                // Hand this instruction to the whole machine (`Forth::slow`).
                macro_rules! slow {
                    () => {
                        break 'hot Stop::Slow
                    };
                }
                // The return-stack cell n below the top, if the running word
                // put it there; else the slow path reports the broken rule.
                macro_rules! rpeek {
                    ($n:expr) => {{
                        if $n >= rp.saturating_sub(*rbase) {
                            slow!();
                        }
                        rs[rp - 1 - $n]
                    }};
                }
                // Run only the first instruction of a superinstruction's run:
                // the next ones then run on their own.
                macro_rules! unfuse {
                    () => {{ slow!() }};
                }
                // Return to the caller: its address and its return-stack base
                // come off the call stack; `$none` if there is no frame.
                macro_rules! return_to_caller {
                    ($none:expr) => {
                        match calls.pop() {
                            Some(r) => {
                                ip = r.ret;
                                *rbase = r.rbase as usize;
                            }
                            None => $none,
                        }
                    };
                }
                // Push the cell at the address `k` cells down the stack
                // (`dup @`, `over @`).
                macro_rules! push_fetched {
                    ($k:expr) => {{
                        if sp < $k || sp >= DS_SIZE {
                            unfuse!();
                        }
                        let Ok(v) = mem.cell(ds[(sp - $k) & DS_MASK]) else {
                            unfuse!()
                        };
                        ds[sp & DS_MASK] = v;
                        sp += 1;
                        ip += 1;
                    }};
                }
                // `n op`: replace the top cell by op(top) with the literal n.
                macro_rules! lit_op {
                    ($n:expr, |$a:ident| $e:expr) => {{
                        if sp == 0 || sp >= DS_SIZE {
                            unfuse!();
                        }
                        let $a = ds[(sp - 1) & DS_MASK];
                        ds[(sp - 1) & DS_MASK] = $e;
                        ip += 1;
                    }};
                }
                // A short word done in place (instr.rs, `inline_calls`):
                // where the call would fail for being too deep, the slow
                // path makes it, and fails as the call does. (Ctrl-C is
                // not looked at: a word done in place is a step, not a
                // call; the next call or backward jump sees it.)
                macro_rules! inline_or_call {
                    () => {
                        if calls.len() >= MAX_CALLS {
                            unfuse!();
                        }
                    };
                }
                // A local's value, for a run starting with LocalFetch.
                macro_rules! local_or_unfuse {
                    ($n:expr) => {
                        match locals.slot($n) {
                            Some(i) => locals[i],
                            None => unfuse!(),
                        }
                    };
                }
                // `local op`: push op(local).
                macro_rules! push_local {
                    ($n:expr, |$v:ident| $e:expr) => {{
                        if sp >= DS_SIZE {
                            unfuse!();
                        }
                        let $v = local_or_unfuse!($n);
                        ds[sp & DS_MASK] = $e;
                        sp += 1;
                        ip += 1;
                    }};
                }
                // The end of a run ending in ZBranch(t) `slots` long: drop
                // `pop` cells, and jump to t unless `flag`.
                macro_rules! branch_unless {
                    ($flag:expr, $pop:expr, $t:expr, $slots:expr) => {{
                        let flag = $flag;
                        let next = ip + ($slots - 1);
                        if !flag && $t < next && irq!().load(Ordering::Relaxed) {
                            unfuse!();
                        }
                        sp -= $pop;
                        ip = if flag { next } else { $t };
                    }};
                }
                // `n cmp IF`
                macro_rules! lit_branch {
                    ($n:expr, $t:expr, |$a:ident| $e:expr) => {{
                        if sp == 0 || sp >= DS_SIZE {
                            unfuse!();
                        }
                        let $a = ds[(sp - 1) & DS_MASK];
                        branch_unless!($e, 1, $t, 3);
                    }};
                }
                // `cmp IF`
                macro_rules! cmp_branch {
                    ($t:expr, |$a:ident, $b:ident| $e:expr) => {{
                        if sp < 2 {
                            unfuse!();
                        }
                        let ($a, $b) = (ds[(sp - 2) & DS_MASK], ds[(sp - 1) & DS_MASK]);
                        branch_unless!($e, 2, $t, 2);
                    }};
                }
                // `test IF`
                macro_rules! test_branch {
                    ($t:expr, |$a:ident| $e:expr) => {{
                        if sp == 0 {
                            unfuse!();
                        }
                        let $a = ds[(sp - 1) & DS_MASK];
                        branch_unless!($e, 1, $t, 2);
                    }};
                }
                // The loop index, for a run starting with I that pushes up to
                // `room` cells.
                macro_rules! index_or_unfuse {
                    ($room:expr) => {{
                        if rp <= *rbase || sp + $room > DS_SIZE {
                            unfuse!();
                        }
                        rs[rp - 1]
                    }};
                }
                // The +LOOP that ends a fused run, by `step`.
                macro_rules! plus_loop_or_unfuse {
                    ($step:expr, $body:expr) => {{
                        if rp < *rbase + 2 {
                            unfuse!();
                        }
                        let step = $step;
                        if loop_ends(rs[rp - 1], rs[rp - 2], step) {
                            rp -= 2;
                            ip += 1;
                        } else {
                            if irq!().load(Ordering::Relaxed) {
                                unfuse!();
                            }
                            rs[rp - 1] = rs[rp - 1].wrapping_add(step);
                            ip = $body;
                        }
                    }};
                }
                // May a word be entered here (the calls are not too deep,
                // Ctrl-C was not pressed)? Else the slow path says why.
                macro_rules! can_call {
                    () => {
                        calls.len() < MAX_CALLS && !irq!().load(Ordering::Relaxed)
                    };
                }
                // Enter the code at `target`, returning to ip (after `can_call!`).
                macro_rules! call {
                    ($target:expr) => {{
                        calls.push(Frame {
                            ret: ip,
                            rbase: *rbase as u32,
                        });
                        *rbase = rp;
                        ip = $target;
                    }};
                }
                // A call's checks: the depth limit, then Ctrl-C (once in
                // `CALLS_PER_POLL` calls).
                macro_rules! call_checks {
                    () => {
                        if calls.len() >= MAX_CALLS {
                            bail!(RSTACK_OVERFLOW);
                        }
                        if calls.poll_due() {
                            poll!();
                        }
                    };
                }
                // A locals frame: `args` cells from the stack and `vals`
                // more, as `Forth::locals_enter`, which runs (and reports
                // the errors) where it cannot be done here.
                macro_rules! enter_locals {
                    ($args:expr, $vals:expr) => {{
                        let a = $args as usize;
                        let top = [
                            ds[sp.wrapping_sub(3) & DS_MASK],
                            ds[sp.wrapping_sub(2) & DS_MASK],
                            ds[sp.wrapping_sub(1) & DS_MASK],
                        ];
                        if sp < a
                            || !(locals.enter_few(top, a, $vals as usize)
                                || locals.enter(&ds[sp - a..sp], $vals as usize))
                        {
                            slow!();
                        }
                        sp -= a;
                    }};
                }
                // Run the word `xt` as EXECUTE does, if it is one of the
                // kinds entered here; else undo with `$undo` and hand over.
                macro_rules! enter_fast {
                    ($xt:expr, $undo:block) => {{
                        let kind = usize::try_from($xt)
                            .ok()
                            .and_then(|x| dict.words().get(x))
                            .map(|w| w.kind);
                        match kind {
                            Some(Kind::Colon(target)) if can_call!() => call!(target),
                            Some(Kind::Does { body, code }) if sp < DS_SIZE && can_call!() => {
                                ds[sp & DS_MASK] = body as i64;
                                sp += 1;
                                call!(code);
                            }
                            Some(Kind::Create(a) | Kind::Variable(a)) if sp < DS_SIZE => {
                                ds[sp & DS_MASK] = a as i64;
                                sp += 1;
                            }
                            Some(Kind::Constant(v)) if sp < DS_SIZE => {
                                ds[sp & DS_MASK] = v;
                                sp += 1;
                            }
                            _ => {
                                $undo
                                slow!();
                            }
                        }
                    }};
                }
                loop {
                    // The next instruction; `ip` then points past it (every
                    // arm fails, if it does, before it moves ip, so the
                    // failing instruction is at ip - 1). It is matched where
                    // it lies, not copied out first: each arm loads only the
                    // operands it uses (copied, the dispatch loaded all
                    // sixteen bytes as four fields: fib ran 9 % more
                    // machine instructions).
                    let unfused;
                    let ins: &Instr = match code.get(ip as usize) {
                        Some(i) => {
                            ip += 1;
                            if TRACE {
                                unfused = i.unfused();
                                &unfused
                            } else {
                                i
                            }
                        }
                        None => break 'hot Stop::BadCode,
                    };
                    match *ins {
                        Instr::Lit(v) => {
                            room!(1);
                            ds[sp & DS_MASK] = v;
                            sp += 1;
                        }
                        Instr::Call(target) => {
                            call_checks!();
                            call!(target);
                        }
                        Instr::Exit => {
                            if calls.len() <= base {
                                break 'hot Stop::Done;
                            }
                            if rp != *rbase {
                                slow!();
                            }
                            return_to_caller!(bail!(RSTACK_UNDERFLOW));
                        }
                        Instr::Branch(target) => {
                            if target < ip {
                                poll!();
                            }
                            ip = target;
                        }
                        Instr::ZBranch(target) => {
                            need!(1);
                            sp -= 1;
                            if ds[sp & DS_MASK] == 0 {
                                if target < ip {
                                    poll!();
                                }
                                ip = target;
                            }
                        }
                        Instr::Do => {
                            need!(2);
                            rroom!(2);
                            rs[rp] = ds[(sp - 2) & DS_MASK];
                            rs[rp + 1] = ds[(sp - 1) & DS_MASK];
                            rp += 2;
                            sp -= 2;
                        }
                        Instr::QDo(exit) => {
                            need!(2);
                            let (limit, index) = (ds[(sp - 2) & DS_MASK], ds[(sp - 1) & DS_MASK]);
                            if index == limit {
                                ip = exit;
                            } else {
                                rroom!(2);
                                rs[rp] = limit;
                                rs[rp + 1] = index;
                                rp += 2;
                            }
                            sp -= 2;
                        }
                        Instr::Loop(body) => {
                            if rp < *rbase + 2 {
                                bail!(NO_LOOP);
                            }
                            let index = rs[rp - 1].wrapping_add(1);
                            if index == rs[rp - 2] {
                                rp -= 2;
                            } else {
                                rs[rp - 1] = index;
                                poll!();
                                ip = body;
                            }
                        }
                        Instr::PlusLoop(body) => {
                            need!(1);
                            if rp < *rbase + 2 {
                                bail!(NO_LOOP);
                            }
                            let step = ds[(sp - 1) & DS_MASK];
                            if loop_ends(rs[rp - 1], rs[rp - 2], step) {
                                rp -= 2;
                            } else {
                                poll!();
                                rs[rp - 1] = rs[rp - 1].wrapping_add(step);
                                ip = body;
                            }
                            sp -= 1;
                        }
                        Instr::Leave(exit) => {
                            if rp < *rbase + 2 {
                                bail!(NO_LOOP);
                            }
                            rp -= 2;
                            ip = exit;
                        }
                        Instr::Case => {}
                        Instr::Of(next) => {
                            need!(2);
                            if ds[(sp - 2) & DS_MASK] == ds[(sp - 1) & DS_MASK] {
                                sp -= 2;
                            } else {
                                sp -= 1;
                                ip = next;
                            }
                        }
                        Instr::EndCase => {
                            need!(1);
                            sp -= 1;
                        }
                        Instr::Word(xt) => {
                            // A CREATEd word (an array) pushes its body, a
                            // DOES> word its body and runs its code: the
                            // common cases, without the general entry.
                            match dict.words().get(xt as usize).map(|w| w.kind) {
                                Some(Kind::Create(body)) if sp < DS_SIZE => {
                                    ds[sp & DS_MASK] = body as i64;
                                    sp += 1;
                                }
                                Some(Kind::Does { body, code }) if sp < DS_SIZE && can_call!() => {
                                    ds[sp & DS_MASK] = body as i64;
                                    sp += 1;
                                    call!(code);
                                }
                                _ => slow!(),
                            }
                        }
                        // EXECUTE and a deferred word: a colon or DOES> word,
                        // a variable, an array or a constant are entered
                        // here; anything else (a built-in word, an error)
                        // the whole machine does. Nothing has changed when
                        // it is handed over.
                        Instr::Execute => {
                            if sp == 0 {
                                slow!();
                            }
                            let xt = ds[(sp - 1) & DS_MASK];
                            sp -= 1;
                            enter_fast!(xt, { sp += 1 });
                        }
                        Instr::Defer(addr) => {
                            let Ok(xt) = mem.cell(addr as i64) else {
                                slow!()
                            };
                            enter_fast!(xt, {});
                        }
                        // Twelve float words run here, by their table
                        // number (new kinds of instruction would cost the
                        // dispatch: see instr.rs): the same as their
                        // bodies in words/float.rs; where a check fails, the
                        // body runs (and reports it). The float stack is
                        // reached through `fs` and `fp`, not held in registers.
                        Instr::Prim(id) => match id {
                            F_LIT | S_TO_F => {
                                if sp == 0 || *fp >= FS_SIZE {
                                    slow!();
                                }
                                sp -= 1;
                                let x = ds[sp & DS_MASK];
                                fs[*fp] = if id == F_LIT {
                                    f64::from_bits(x as u64)
                                } else {
                                    x as f64
                                };
                                *fp += 1;
                            }
                            F_DUP | F_OVER => {
                                let k = if id == F_DUP { 1 } else { 2 };
                                if *fp < k || *fp >= FS_SIZE {
                                    slow!();
                                }
                                fs[*fp] = fs[*fp - k];
                                *fp += 1;
                            }
                            F_DROP => {
                                if *fp == 0 {
                                    slow!();
                                }
                                *fp -= 1;
                            }
                            F_SWAP => {
                                if *fp < 2 {
                                    slow!();
                                }
                                fs.swap(*fp - 1, *fp - 2);
                            }
                            F_PLUS => fbinary!(|a, b| a + b),
                            F_MINUS => fbinary!(|a, b| a - b),
                            F_STAR => fbinary!(|a, b| a * b),
                            F_SLASH => fbinary!(|a, b| a / b),
                            F_FETCH => {
                                if sp == 0 || *fp >= FS_SIZE {
                                    slow!();
                                }
                                let Ok(bits) = mem.cell(ds[(sp - 1) & DS_MASK]) else {
                                    slow!()
                                };
                                sp -= 1;
                                fs[*fp] = f64::from_bits(bits as u64);
                                *fp += 1;
                            }
                            F_STORE => {
                                if sp == 0 || *fp == 0 {
                                    slow!();
                                }
                                let a = ds[(sp - 1) & DS_MASK];
                                let r = fs[*fp - 1];
                                if mem.set_cell(a, r.to_bits() as i64).is_err() {
                                    slow!();
                                }
                                sp -= 1;
                                *fp -= 1;
                            }
                            CHARS => {
                                if sp < 1 {
                                    slow!();
                                }
                            }
                            PICK => {
                                if sp < 1 {
                                    slow!();
                                }
                                let u = ds[(sp - 1) & DS_MASK];
                                if u < 0 || u as usize >= sp - 1 {
                                    slow!();
                                }
                                ds[(sp - 1) & DS_MASK] = ds[(sp - 2 - u as usize) & DS_MASK];
                            }
                            TWO_OVER => {
                                if sp < 4 {
                                    slow!();
                                }
                                if sp + 2 > DS_SIZE {
                                    slow!();
                                }
                                ds[sp & DS_MASK] = ds[(sp - 4) & DS_MASK];
                                ds[(sp + 1) & DS_MASK] = ds[(sp - 3) & DS_MASK];
                                sp += 2;
                            }
                            TWO_SWAP => {
                                if sp < 4 {
                                    slow!();
                                }
                                let (a, b) = (ds[(sp - 4) & DS_MASK], ds[(sp - 3) & DS_MASK]);
                                ds[(sp - 4) & DS_MASK] = ds[(sp - 2) & DS_MASK];
                                ds[(sp - 3) & DS_MASK] = ds[(sp - 1) & DS_MASK];
                                ds[(sp - 2) & DS_MASK] = a;
                                ds[(sp - 1) & DS_MASK] = b;
                            }
                            TWO_TO_R => {
                                if sp < 2 {
                                    slow!();
                                }
                                if rp + 2 > RS_SIZE {
                                    slow!();
                                }
                                rs[rp] = ds[(sp - 2) & DS_MASK];
                                rs[rp + 1] = ds[(sp - 1) & DS_MASK];
                                rp += 2;
                                sp -= 2;
                            }
                            TWO_R_FROM | TWO_R_FETCH => {
                                let (a, b) = (rpeek!(1), rpeek!(0));
                                if sp + 2 > DS_SIZE {
                                    slow!();
                                }
                                if id == TWO_R_FROM {
                                    rp -= 2;
                                }
                                ds[sp & DS_MASK] = a;
                                ds[(sp + 1) & DS_MASK] = b;
                                sp += 2;
                            }
                            COUNT => {
                                if sp < 1 {
                                    slow!();
                                }
                                if sp + 1 > DS_SIZE {
                                    slow!();
                                }
                                let a = ds[(sp - 1) & DS_MASK];
                                let Ok(n) = mem.byte(a) else { slow!() };
                                ds[(sp - 1) & DS_MASK] = a.wrapping_add(1);
                                ds[sp & DS_MASK] = n as i64;
                                sp += 1;
                            }
                            SLASH_STRING => {
                                if sp < 3 {
                                    slow!();
                                }
                                let n = ds[(sp - 1) & DS_MASK];
                                let (a, u) = (ds[(sp - 3) & DS_MASK], ds[(sp - 2) & DS_MASK]);
                                ds[(sp - 3) & DS_MASK] = a.wrapping_add(n);
                                ds[(sp - 2) & DS_MASK] = u.wrapping_sub(n);
                                sp -= 1;
                            }
                            CMOVE => {
                                if sp < 3 {
                                    slow!();
                                }
                                let (from, to) = (ds[(sp - 3) & DS_MASK], ds[(sp - 2) & DS_MASK]);
                                let u = ds[(sp - 1) & DS_MASK];
                                if u < 0 || mem.cmove(from, to, u).is_err() {
                                    slow!();
                                }
                                sp -= 3;
                            }
                            COMPARE => {
                                if sp < 4 {
                                    slow!();
                                }
                                let (a1, u1) = (ds[(sp - 4) & DS_MASK], ds[(sp - 3) & DS_MASK]);
                                let (a2, u2) = (ds[(sp - 2) & DS_MASK], ds[(sp - 1) & DS_MASK]);
                                let (Ok(s1), Ok(s2)) = (mem.slice(a1, u1), mem.slice(a2, u2))
                                else {
                                    slow!()
                                };
                                ds[(sp - 4) & DS_MASK] = s1.cmp(s2) as i64;
                                sp -= 3;
                            }
                            _ => slow!(),
                        },
                        Instr::Catch | Instr::CatchEnd | Instr::Does(_) | Instr::CompileXt(_) => {
                            slow!()
                        }
                        Instr::Str(addr, len) => {
                            room!(2);
                            ds[sp & DS_MASK] = addr as i64;
                            ds[(sp + 1) & DS_MASK] = len as i64;
                            sp += 2;
                        }
                        Instr::Value(addr) => {
                            room!(1);
                            ds[sp & DS_MASK] = tri!(mem.cell(addr as i64));
                            sp += 1;
                        }
                        Instr::LocalsEnter(args, vals) => enter_locals!(args, vals),
                        Instr::LocalFetch(n) => {
                            room!(1);
                            let Some(i) = locals.slot(n) else {
                                bail!(RSTACK_UNDERFLOW)
                            };
                            ds[sp & DS_MASK] = locals[i];
                            sp += 1;
                        }
                        Instr::LocalStore(n) => {
                            need!(1);
                            let Some(i) = locals.slot(n) else {
                                bail!(RSTACK_UNDERFLOW)
                            };
                            locals[i] = ds[(sp - 1) & DS_MASK];
                            sp -= 1;
                        }
                        Instr::LocalAdd(n) => {
                            need!(1);
                            let Some(i) = locals.slot(n) else {
                                bail!(RSTACK_UNDERFLOW)
                            };
                            locals[i] = locals[i].wrapping_add(ds[(sp - 1) & DS_MASK]);
                            sp -= 1;
                        }
                        Instr::LocalsExit(n) => {
                            let keep = locals.len().saturating_sub(n as usize);
                            locals.truncate(keep);
                        }

                        // ---- hot words: the same as their bodies in words/core.rs ----
                        Instr::Dup => {
                            need!(1);
                            room!(1);
                            ds[sp & DS_MASK] = ds[(sp - 1) & DS_MASK];
                            sp += 1;
                        }
                        Instr::Drop => {
                            need!(1);
                            sp -= 1;
                        }
                        Instr::Swap => {
                            need!(2);
                            ds.swap(sp - 1, sp - 2);
                        }
                        Instr::Over => {
                            need!(2);
                            room!(1);
                            ds[sp & DS_MASK] = ds[(sp - 2) & DS_MASK];
                            sp += 1;
                        }
                        Instr::Rot => {
                            need!(3);
                            let (a, b, c) = (
                                ds[(sp - 3) & DS_MASK],
                                ds[(sp - 2) & DS_MASK],
                                ds[(sp - 1) & DS_MASK],
                            );
                            ds[(sp - 3) & DS_MASK] = b;
                            ds[(sp - 2) & DS_MASK] = c;
                            ds[(sp - 1) & DS_MASK] = a;
                        }
                        Instr::MinusRot => {
                            need!(3);
                            let (a, b, c) = (
                                ds[(sp - 3) & DS_MASK],
                                ds[(sp - 2) & DS_MASK],
                                ds[(sp - 1) & DS_MASK],
                            );
                            ds[(sp - 3) & DS_MASK] = c;
                            ds[(sp - 2) & DS_MASK] = a;
                            ds[(sp - 1) & DS_MASK] = b;
                        }
                        Instr::Nip => binary!(|_a, b| b),
                        Instr::Tuck => {
                            need!(2);
                            room!(1);
                            let (a, b) = (ds[(sp - 2) & DS_MASK], ds[(sp - 1) & DS_MASK]);
                            ds[(sp - 2) & DS_MASK] = b;
                            ds[(sp - 1) & DS_MASK] = a;
                            ds[sp & DS_MASK] = b;
                            sp += 1;
                        }
                        Instr::QDup => {
                            need!(1);
                            if ds[(sp - 1) & DS_MASK] != 0 {
                                room!(1);
                                ds[sp & DS_MASK] = ds[(sp - 1) & DS_MASK];
                                sp += 1;
                            }
                        }
                        Instr::TwoDup => {
                            need!(2);
                            room!(2);
                            ds[sp & DS_MASK] = ds[(sp - 2) & DS_MASK];
                            ds[(sp + 1) & DS_MASK] = ds[(sp - 1) & DS_MASK];
                            sp += 2;
                        }
                        Instr::TwoDrop => {
                            need!(2);
                            sp -= 2;
                        }
                        Instr::ToR => {
                            need!(1);
                            rroom!(1);
                            rs[rp] = ds[(sp - 1) & DS_MASK];
                            rp += 1;
                            sp -= 1;
                        }
                        Instr::RFrom => {
                            let v = rpeek!(0);
                            room!(1);
                            rp -= 1;
                            ds[sp & DS_MASK] = v;
                            sp += 1;
                        }
                        Instr::RFetch | Instr::I => {
                            let v = rpeek!(0);
                            room!(1);
                            ds[sp & DS_MASK] = v;
                            sp += 1;
                        }
                        Instr::J => {
                            let v = rpeek!(2);
                            room!(1);
                            ds[sp & DS_MASK] = v;
                            sp += 1;
                        }
                        Instr::Plus => binary!(|a, b| a.wrapping_add(b)),
                        Instr::Slash | Instr::Mod => {
                            need!(2);
                            let (n, d) = (ds[(sp - 2) & DS_MASK], ds[(sp - 1) & DS_MASK]);
                            if d == 0 {
                                bail!(DIVISION_BY_ZERO);
                            }
                            // Floored, as the table's body (which works in i128).
                            let (mut q, mut r) = (n.wrapping_div(d), n.wrapping_rem(d));
                            if n == i64::MIN && d == -1 {
                                bail!(OUT_OF_RANGE);
                            }
                            if r != 0 && ((r < 0) != (d < 0)) {
                                q -= 1;
                                r += d;
                            }
                            ds[(sp - 2) & DS_MASK] = if let Instr::Slash = ins { q } else { r };
                            sp -= 1;
                        }
                        Instr::Minus => binary!(|a, b| a.wrapping_sub(b)),
                        Instr::Star => binary!(|a, b| a.wrapping_mul(b)),
                        Instr::OnePlus => unary!(|a| a.wrapping_add(1)),
                        Instr::OneMinus => unary!(|a| a.wrapping_sub(1)),
                        Instr::Negate => unary!(|a| a.wrapping_neg()),
                        Instr::Min => binary!(|a, b| a.min(b)),
                        Instr::Max => binary!(|a, b| a.max(b)),
                        Instr::TwoStar => unary!(|a| a.wrapping_shl(1)),
                        Instr::TwoSlash => unary!(|a| a >> 1),
                        Instr::LShift => binary!(|a, b| if (0..64).contains(&b) {
                            ((a as u64) << b) as i64
                        } else {
                            0
                        }),
                        Instr::RShift => binary!(|a, b| if (0..64).contains(&b) {
                            ((a as u64) >> b) as i64
                        } else {
                            0
                        }),
                        Instr::And => binary!(|a, b| a & b),
                        Instr::Or => binary!(|a, b| a | b),
                        Instr::Xor => binary!(|a, b| a ^ b),
                        Instr::Invert => unary!(|a| !a),
                        Instr::Equal => binary!(|a, b| flag(a == b)),
                        Instr::NotEqual => binary!(|a, b| flag(a != b)),
                        Instr::Less => binary!(|a, b| flag(a < b)),
                        Instr::Greater => binary!(|a, b| flag(a > b)),
                        Instr::ULess => binary!(|a, b| flag((a as u64) < b as u64)),
                        Instr::UGreater => binary!(|a, b| flag(a as u64 > b as u64)),
                        Instr::ZeroEqual => unary!(|a| flag(a == 0)),
                        Instr::ZeroNotEqual => unary!(|a| flag(a != 0)),
                        Instr::ZeroLess => unary!(|a| flag(a < 0)),
                        Instr::ZeroGreater => unary!(|a| flag(a > 0)),
                        Instr::Fetch => {
                            need!(1);
                            ds[(sp - 1) & DS_MASK] = tri!(mem.cell(ds[(sp - 1) & DS_MASK]));
                        }
                        Instr::Store => {
                            need!(2);
                            tri!(mem.set_cell(ds[(sp - 1) & DS_MASK], ds[(sp - 2) & DS_MASK]));
                            sp -= 2;
                        }
                        Instr::CFetch => {
                            need!(1);
                            ds[(sp - 1) & DS_MASK] = tri!(mem.byte(ds[(sp - 1) & DS_MASK])) as i64;
                        }
                        Instr::CStore => {
                            need!(2);
                            tri!(
                                mem.set_byte(ds[(sp - 1) & DS_MASK], ds[(sp - 2) & DS_MASK] as u8)
                            );
                            sp -= 2;
                        }
                        Instr::PlusStore => {
                            need!(2);
                            let a = ds[(sp - 1) & DS_MASK];
                            let v = tri!(mem.cell(a));
                            tri!(mem.set_cell(a, v.wrapping_add(ds[(sp - 2) & DS_MASK])));
                            sp -= 2;
                        }
                        Instr::CellPlus => unary!(|a| a.wrapping_add(8)),
                        Instr::Cells => unary!(|a| a.wrapping_mul(8)),
                        Instr::CharPlus => unary!(|a| a.wrapping_add(1)),
                        Instr::TwoFetch => {
                            need!(1);
                            let a = ds[(sp - 1) & DS_MASK];
                            let x2 = tri!(mem.cell(a));
                            let x1 = tri!(mem.cell(a.wrapping_add(8)));
                            room!(1);
                            ds[(sp - 1) & DS_MASK] = x1;
                            ds[sp & DS_MASK] = x2;
                            sp += 1;
                        }
                        Instr::TwoStore => {
                            need!(3);
                            let a = ds[(sp - 1) & DS_MASK];
                            tri!(mem.set_cell(a, ds[(sp - 2) & DS_MASK]));
                            tri!(mem.set_cell(a.wrapping_add(8), ds[(sp - 3) & DS_MASK]));
                            sp -= 3;
                        }

                        // ---- superinstructions (see instr.rs): each does its
                        // whole run, or, where a check would fail, `unfuse!`s ----
                        Instr::LitPlus(n) => lit_op!(n, |a| a.wrapping_add(n)),
                        Instr::LitMinus(n) => lit_op!(n, |a| a.wrapping_sub(n)),
                        Instr::LitStar(n) => lit_op!(n, |a| a.wrapping_mul(n)),
                        Instr::LitAnd(n) => lit_op!(n, |a| a & n),
                        Instr::LitFetch(a) => {
                            if sp >= DS_SIZE {
                                unfuse!();
                            }
                            let Ok(v) = mem.cell(a) else { unfuse!() };
                            ds[sp & DS_MASK] = v;
                            sp += 1;
                            ip += 1;
                        }
                        Instr::LitStore(a) => {
                            if sp == 0
                                || sp >= DS_SIZE
                                || mem.set_cell(a, ds[(sp - 1) & DS_MASK]).is_err()
                            {
                                unfuse!();
                            }
                            sp -= 1;
                            ip += 1;
                        }
                        Instr::LitPlusStore(a) => {
                            if sp == 0 || sp >= DS_SIZE {
                                unfuse!();
                            }
                            let Ok(v) = mem.cell(a) else { unfuse!() };
                            let _ = mem.set_cell(a, v.wrapping_add(ds[(sp - 1) & DS_MASK]));
                            sp -= 1;
                            ip += 1;
                        }
                        Instr::LitEqualBranch(n, t) => lit_branch!(n, t, |a| a == n),
                        Instr::LitLessBranch(n, t) => lit_branch!(n, t, |a| a < n),
                        Instr::LitGreaterBranch(n, t) => lit_branch!(n, t, |a| a > n),
                        Instr::EqualBranch(t) => cmp_branch!(t, |a, b| a == b),
                        Instr::NotEqualBranch(t) => cmp_branch!(t, |a, b| a != b),
                        Instr::LessBranch(t) => cmp_branch!(t, |a, b| a < b),
                        Instr::GreaterBranch(t) => cmp_branch!(t, |a, b| a > b),
                        Instr::ULessBranch(t) => cmp_branch!(t, |a, b| (a as u64) < b as u64),
                        Instr::ZeroEqualBranch(t) => test_branch!(t, |a| a == 0),
                        Instr::ZeroNotEqualBranch(t) => test_branch!(t, |a| a != 0),
                        Instr::ZeroLessBranch(t) => test_branch!(t, |a| a < 0),
                        Instr::DupBranch(t) => {
                            if sp == 0 || sp >= DS_SIZE {
                                unfuse!();
                            }
                            branch_unless!(ds[(sp - 1) & DS_MASK] != 0, 0, t, 2);
                        }
                        Instr::IFetch => {
                            let a = index_or_unfuse!(1);
                            let Ok(v) = mem.cell(a) else { unfuse!() };
                            ds[sp & DS_MASK] = v;
                            sp += 1;
                            ip += 1;
                        }
                        Instr::ICFetch => {
                            let a = index_or_unfuse!(1);
                            let Ok(v) = mem.byte(a) else { unfuse!() };
                            ds[sp & DS_MASK] = v as i64;
                            sp += 1;
                            ip += 1;
                        }
                        Instr::IStore => {
                            let a = index_or_unfuse!(1);
                            if sp == 0 || mem.set_cell(a, ds[(sp - 1) & DS_MASK]).is_err() {
                                unfuse!();
                            }
                            sp -= 1;
                            ip += 1;
                        }
                        Instr::ICStore => {
                            let a = index_or_unfuse!(1);
                            if sp == 0 || mem.set_byte(a, ds[(sp - 1) & DS_MASK] as u8).is_err() {
                                unfuse!();
                            }
                            sp -= 1;
                            ip += 1;
                        }
                        Instr::ITwoFetch => {
                            let a = index_or_unfuse!(2);
                            let (Ok(x2), Ok(x1)) = (mem.cell(a), mem.cell(a.wrapping_add(8)))
                            else {
                                unfuse!()
                            };
                            ds[sp & DS_MASK] = x1;
                            ds[(sp + 1) & DS_MASK] = x2;
                            sp += 2;
                            ip += 1;
                        }
                        Instr::ITwoStore => {
                            let a = index_or_unfuse!(1);
                            if sp < 2 || mem.range(a, 16).is_err() {
                                unfuse!();
                            }
                            let _ = mem.set_cell(a, ds[(sp - 1) & DS_MASK]);
                            let _ = mem.set_cell(a + 8, ds[(sp - 2) & DS_MASK]);
                            sp -= 2;
                            ip += 1;
                        }
                        Instr::IPlus => {
                            let i = index_or_unfuse!(1);
                            if sp == 0 {
                                unfuse!();
                            }
                            ds[(sp - 1) & DS_MASK] = ds[(sp - 1) & DS_MASK].wrapping_add(i);
                            ip += 1;
                        }
                        Instr::LitICStore(n) => {
                            if sp + 1 >= DS_SIZE {
                                unfuse!();
                            }
                            let a = index_or_unfuse!(2);
                            if mem.set_byte(a, n as u8).is_err() {
                                unfuse!();
                            }
                            ip += 2;
                        }
                        Instr::LitICStoreDupPlusLoop(n, body) => {
                            // Every check first (Ctrl-C too, when it jumps
                            // back): the store must not happen twice.
                            if sp == 0 || sp + 2 > DS_SIZE || rp < *rbase + 2 {
                                unfuse!();
                            }
                            let step = ds[(sp - 1) & DS_MASK];
                            let ends = loop_ends(rs[rp - 1], rs[rp - 2], step);
                            if !ends && irq!().load(Ordering::Relaxed) {
                                unfuse!();
                            }
                            if mem.set_byte(rs[rp - 1], n as u8).is_err() {
                                unfuse!();
                            }
                            if ends {
                                rp -= 2;
                                ip += 4;
                            } else {
                                rs[rp - 1] = rs[rp - 1].wrapping_add(step);
                                ip = body;
                            }
                        }
                        Instr::ITwoFetchGreaterBranch(t) => {
                            let a = index_or_unfuse!(2);
                            let (Ok(x2), Ok(x1)) = (mem.cell(a), mem.cell(a.wrapping_add(8)))
                            else {
                                unfuse!()
                            };
                            branch_unless!(x1 > x2, 0, t, 4);
                        }
                        Instr::ICFetchBranch(t) => {
                            let a = index_or_unfuse!(1);
                            let Ok(v) = mem.byte(a) else { unfuse!() };
                            branch_unless!(v != 0, 0, t, 3);
                        }
                        Instr::LitPlusThenLoop(n, body) => {
                            if sp == 0 || sp >= DS_SIZE || rp < *rbase + 2 {
                                unfuse!();
                            }
                            let index = rs[rp - 1].wrapping_add(1);
                            let ends = index == rs[rp - 2];
                            if !ends && irq!().load(Ordering::Relaxed) {
                                unfuse!();
                            }
                            ds[(sp - 1) & DS_MASK] = ds[(sp - 1) & DS_MASK].wrapping_add(n);
                            if ends {
                                rp -= 2;
                                ip += 2;
                            } else {
                                rs[rp - 1] = index;
                                ip = body;
                            }
                        }
                        Instr::SwapITwoStore => {
                            let a = index_or_unfuse!(1);
                            if sp < 2 || mem.range(a, 16).is_err() {
                                unfuse!();
                            }
                            let _ = mem.set_cell(a, ds[(sp - 2) & DS_MASK]);
                            let _ = mem.set_cell(a + 8, ds[(sp - 1) & DS_MASK]);
                            sp -= 2;
                            ip += 2;
                        }
                        Instr::OverFetchOverFetchStar => {
                            if sp < 2 || sp + 2 > DS_SIZE {
                                unfuse!();
                            }
                            let (Ok(x), Ok(y)) = (
                                mem.cell(ds[(sp - 2) & DS_MASK]),
                                mem.cell(ds[(sp - 1) & DS_MASK]),
                            ) else {
                                unfuse!()
                            };
                            ds[sp & DS_MASK] = x.wrapping_mul(y);
                            sp += 1;
                            ip += 4;
                        }
                        Instr::RFromPlusToR => {
                            if rp <= *rbase || sp == 0 || sp >= DS_SIZE {
                                unfuse!();
                            }
                            rs[rp - 1] = rs[rp - 1].wrapping_add(ds[(sp - 1) & DS_MASK]);
                            sp -= 1;
                            ip += 2;
                        }
                        Instr::DupOneMinus => {
                            if sp == 0 || sp >= DS_SIZE {
                                unfuse!();
                            }
                            ds[sp & DS_MASK] = ds[(sp - 1) & DS_MASK].wrapping_sub(1);
                            sp += 1;
                            ip += 1;
                        }
                        Instr::SwapLitMinus(n) => {
                            if sp < 2 || sp >= DS_SIZE {
                                unfuse!();
                            }
                            let (a, b) = (ds[(sp - 2) & DS_MASK], ds[(sp - 1) & DS_MASK]);
                            ds[(sp - 2) & DS_MASK] = b;
                            ds[(sp - 1) & DS_MASK] = a.wrapping_sub(n);
                            ip += 2;
                        }
                        Instr::ILitAndZeroEqualBranch(n, t) => {
                            let i = index_or_unfuse!(2);
                            branch_unless!(i & n == 0, 0, t, 5);
                        }
                        Instr::LitRShift(n) => lit_op!(n, |a| if (0..64).contains(&n) {
                            ((a as u64) >> n) as i64
                        } else {
                            0
                        }),
                        Instr::LitXor(n) => lit_op!(n, |a| a ^ n),
                        Instr::LitGreater(n) => lit_op!(n, |a| flag(a > n)),
                        Instr::LitEqual(n) => lit_op!(n, |a| flag(a == n)),
                        Instr::CellsLitPlusFetch(n) => {
                            if sp == 0 || sp >= DS_SIZE {
                                unfuse!();
                            }
                            let a = ds[(sp - 1) & DS_MASK].wrapping_mul(8).wrapping_add(n);
                            let Ok(v) = mem.cell(a) else { unfuse!() };
                            ds[(sp - 1) & DS_MASK] = v;
                            ip += 3;
                        }
                        Instr::CellsLitPlusStore(n) => {
                            if sp < 2 || sp >= DS_SIZE {
                                unfuse!();
                            }
                            let a = ds[(sp - 1) & DS_MASK].wrapping_mul(8).wrapping_add(n);
                            if mem.set_cell(a, ds[(sp - 2) & DS_MASK]).is_err() {
                                unfuse!();
                            }
                            sp -= 2;
                            ip += 3;
                        }
                        Instr::CellsLitPlus(n) => {
                            if sp == 0 || sp >= DS_SIZE {
                                unfuse!();
                            }
                            ds[(sp - 1) & DS_MASK] =
                                ds[(sp - 1) & DS_MASK].wrapping_mul(8).wrapping_add(n);
                            ip += 2;
                        }
                        Instr::IOnePlus => {
                            let i = index_or_unfuse!(1);
                            ds[sp & DS_MASK] = i.wrapping_add(1);
                            sp += 1;
                            ip += 1;
                        }
                        Instr::LitFetchCellsPlus(a) => {
                            if sp == 0 || sp >= DS_SIZE {
                                unfuse!();
                            }
                            let Ok(v) = mem.cell(a) else { unfuse!() };
                            ds[(sp - 1) & DS_MASK] =
                                ds[(sp - 1) & DS_MASK].wrapping_add(v.wrapping_mul(8));
                            ip += 3;
                        }
                        Instr::LitFetchPlus(a) => {
                            if sp == 0 || sp >= DS_SIZE {
                                unfuse!();
                            }
                            let Ok(v) = mem.cell(a) else { unfuse!() };
                            ds[(sp - 1) & DS_MASK] = ds[(sp - 1) & DS_MASK].wrapping_add(v);
                            ip += 2;
                        }
                        Instr::LocalZeroEqualBranch(n, t) => {
                            if sp >= DS_SIZE {
                                unfuse!();
                            }
                            let v = local_or_unfuse!(n);
                            branch_unless!(v == 0, 0, t, 3);
                        }
                        Instr::LocalBranch(n, t) => {
                            if sp >= DS_SIZE {
                                unfuse!();
                            }
                            let v = local_or_unfuse!(n);
                            branch_unless!(v != 0, 0, t, 2);
                        }
                        Instr::LocalOneMinus(n) => push_local!(n, |v| v.wrapping_sub(1)),
                        Instr::LocalOnePlus(n) => push_local!(n, |v| v.wrapping_add(1)),
                        Instr::LocalCellPlus(n) => push_local!(n, |v| v.wrapping_add(8)),
                        Instr::LocalFetchFetch(n) => {
                            if sp >= DS_SIZE {
                                unfuse!();
                            }
                            let v = local_or_unfuse!(n);
                            let Ok(x) = mem.cell(v) else { unfuse!() };
                            ds[sp & DS_MASK] = x;
                            sp += 1;
                            ip += 1;
                        }
                        Instr::LocalLocal(n, m) => {
                            if sp + 2 > DS_SIZE {
                                unfuse!();
                            }
                            let (x, y) = (local_or_unfuse!(n), local_or_unfuse!(m));
                            ds[sp & DS_MASK] = x;
                            ds[(sp + 1) & DS_MASK] = y;
                            sp += 2;
                            ip += 1;
                        }
                        Instr::CallLocals(target) => {
                            // As Call; then as the LocalsEnter the word
                            // starts with, which the slow path runs when it
                            // cannot be done here (and reports its errors).
                            call_checks!();
                            call!(target);
                            if let Some(&Instr::LocalsEnter(args, vals)) = code.get(target as usize)
                            {
                                ip = target + 1;
                                enter_locals!(args, vals);
                            }
                        }
                        // ---- calls of short words, done in place (instr.rs) ----
                        Instr::InlineVarCellsPlus(a, _) => {
                            inline_or_call!();
                            if sp == 0 || sp >= DS_SIZE {
                                unfuse!();
                            }
                            let Ok(v) = mem.cell(a) else { unfuse!() };
                            ds[(sp - 1) & DS_MASK] =
                                ds[(sp - 1) & DS_MASK].wrapping_add(v.wrapping_mul(8));
                        }
                        Instr::InlineVarPlusCFetch(a, _) => {
                            inline_or_call!();
                            if sp == 0 || sp >= DS_SIZE {
                                unfuse!();
                            }
                            let Ok(v) = mem.cell(a) else { unfuse!() };
                            let Ok(c) = mem.byte(ds[(sp - 1) & DS_MASK].wrapping_add(v)) else {
                                unfuse!()
                            };
                            ds[(sp - 1) & DS_MASK] = c as i64;
                        }
                        Instr::InlineLitOp(n, _, op) => {
                            inline_or_call!();
                            if sp == 0 || sp >= DS_SIZE {
                                unfuse!();
                            }
                            let Some(v) = lit_op(op, ds[(sp - 1) & DS_MASK], n) else {
                                unfuse!()
                            };
                            ds[(sp - 1) & DS_MASK] = v;
                        }
                        Instr::InlineCellsLitPlusFetch(a, _) => {
                            inline_or_call!();
                            if sp == 0 || sp >= DS_SIZE {
                                unfuse!();
                            }
                            let at = ds[(sp - 1) & DS_MASK].wrapping_mul(8).wrapping_add(a);
                            let Ok(v) = mem.cell(at) else { unfuse!() };
                            ds[(sp - 1) & DS_MASK] = v;
                        }
                        Instr::InlineCellsLitPlusStore(a, _) => {
                            inline_or_call!();
                            if sp < 2 || sp >= DS_SIZE {
                                unfuse!();
                            }
                            let at = ds[(sp - 1) & DS_MASK].wrapping_mul(8).wrapping_add(a);
                            if mem.set_cell(at, ds[(sp - 2) & DS_MASK]).is_err() {
                                unfuse!();
                            }
                            sp -= 2;
                        }
                        Instr::InlineLitCellsPlusFetch(n, _) => {
                            inline_or_call!();
                            if sp == 0 || sp >= DS_SIZE {
                                unfuse!();
                            }
                            let at = ds[(sp - 1) & DS_MASK].wrapping_add(n.wrapping_mul(8));
                            let Ok(v) = mem.cell(at) else { unfuse!() };
                            ds[(sp - 1) & DS_MASK] = v;
                        }
                        Instr::InlineVarFetch(a, _) => {
                            inline_or_call!();
                            if sp >= DS_SIZE {
                                unfuse!();
                            }
                            let Ok(v) = mem.cell(a) else { unfuse!() };
                            ds[sp & DS_MASK] = v;
                            sp += 1;
                        }
                        Instr::CallNative(_) => slow!(),
                        Instr::InlineDoesPlus(body, _) => {
                            inline_or_call!();
                            if sp == 0 || sp >= DS_SIZE {
                                unfuse!();
                            }
                            ds[(sp - 1) & DS_MASK] = ds[(sp - 1) & DS_MASK].wrapping_add(body);
                        }
                        Instr::InlineDoesCells(body, _) => {
                            inline_or_call!();
                            if sp == 0 || sp >= DS_SIZE {
                                unfuse!();
                            }
                            ds[(sp - 1) & DS_MASK] =
                                body.wrapping_add(ds[(sp - 1) & DS_MASK].wrapping_mul(8));
                        }
                        Instr::CharsPlus(_) => {
                            if sp < 2 {
                                unfuse!();
                            }
                            ds[(sp - 2) & DS_MASK] =
                                ds[(sp - 2) & DS_MASK].wrapping_add(ds[(sp - 1) & DS_MASK]);
                            sp -= 1;
                            ip += 1;
                        }
                        Instr::ICharsPlusCFetch(_) => {
                            // `i chars + c@`: the top cell plus the index.
                            let i = index_or_unfuse!(1);
                            if sp == 0 {
                                unfuse!();
                            }
                            let Ok(c) = mem.byte(ds[(sp - 1) & DS_MASK].wrapping_add(i)) else {
                                unfuse!()
                            };
                            ds[(sp - 1) & DS_MASK] = c as i64;
                            ip += 3;
                        }
                        Instr::OverICharsPlusCFetch(_) => {
                            // `over i chars + c@`: push the byte at the
                            // second cell plus the index.
                            let i = index_or_unfuse!(2);
                            if sp < 2 {
                                unfuse!();
                            }
                            let Ok(c) = mem.byte(ds[(sp - 2) & DS_MASK].wrapping_add(i)) else {
                                unfuse!()
                            };
                            ds[sp & DS_MASK] = c as i64;
                            sp += 1;
                            ip += 4;
                        }
                        Instr::DupICharsPlusCFetch(_) => {
                            let i = index_or_unfuse!(2);
                            if sp == 0 {
                                unfuse!();
                            }
                            let Ok(c) = mem.byte(ds[(sp - 1) & DS_MASK].wrapping_add(i)) else {
                                unfuse!()
                            };
                            ds[sp & DS_MASK] = c as i64;
                            sp += 1;
                            ip += 4;
                        }
                        Instr::OverI => {
                            let i = index_or_unfuse!(2);
                            if sp < 2 {
                                unfuse!();
                            }
                            ds[sp & DS_MASK] = ds[(sp - 2) & DS_MASK];
                            ds[(sp + 1) & DS_MASK] = i;
                            sp += 2;
                            ip += 1;
                        }
                        Instr::OnePlusSwap => {
                            if sp < 2 {
                                unfuse!();
                            }
                            let (a, b) = (ds[(sp - 2) & DS_MASK], ds[(sp - 1) & DS_MASK]);
                            ds[(sp - 2) & DS_MASK] = b.wrapping_add(1);
                            ds[(sp - 1) & DS_MASK] = a;
                            ip += 1;
                        }
                        Instr::SwapOnePlusSwap => {
                            if sp < 2 {
                                unfuse!();
                            }
                            ds[(sp - 2) & DS_MASK] = ds[(sp - 2) & DS_MASK].wrapping_add(1);
                            ip += 2;
                        }
                        Instr::LitPick(n, _) => {
                            if sp >= DS_SIZE || n < 0 || n as usize >= sp {
                                unfuse!();
                            }
                            ds[sp & DS_MASK] = ds[(sp - 1 - n as usize) & DS_MASK];
                            sp += 1;
                            ip += 1;
                        }
                        Instr::LitIStore(n) => {
                            if sp + 1 >= DS_SIZE {
                                unfuse!();
                            }
                            let a = index_or_unfuse!(2);
                            if mem.set_cell(a, n).is_err() {
                                unfuse!();
                            }
                            ip += 2;
                        }
                        Instr::OverFetch => push_fetched!(2),
                        Instr::DupFetch => push_fetched!(1),
                        Instr::FetchPlus => {
                            if sp < 2 {
                                unfuse!();
                            }
                            let Ok(v) = mem.cell(ds[(sp - 1) & DS_MASK]) else {
                                unfuse!()
                            };
                            ds[(sp - 2) & DS_MASK] = ds[(sp - 2) & DS_MASK].wrapping_add(v);
                            sp -= 1;
                            ip += 1;
                        }
                        Instr::PlusFetch => {
                            if sp < 2 {
                                unfuse!();
                            }
                            let a = ds[(sp - 2) & DS_MASK].wrapping_add(ds[(sp - 1) & DS_MASK]);
                            let Ok(v) = mem.cell(a) else { unfuse!() };
                            ds[(sp - 2) & DS_MASK] = v;
                            sp -= 1;
                            ip += 1;
                        }
                        Instr::CellsPlus => {
                            if sp < 2 {
                                unfuse!();
                            }
                            ds[(sp - 2) & DS_MASK] = ds[(sp - 2) & DS_MASK]
                                .wrapping_add(ds[(sp - 1) & DS_MASK].wrapping_mul(8));
                            sp -= 1;
                            ip += 1;
                        }
                        Instr::RFromPlus => {
                            if rp <= *rbase || sp == 0 || sp >= DS_SIZE {
                                unfuse!();
                            }
                            rp -= 1;
                            ds[(sp - 1) & DS_MASK] = ds[(sp - 1) & DS_MASK].wrapping_add(rs[rp]);
                            ip += 1;
                        }
                        Instr::DupPlusLoop(body) => {
                            if sp == 0 || sp >= DS_SIZE {
                                unfuse!();
                            }
                            plus_loop_or_unfuse!(ds[(sp - 1) & DS_MASK], body);
                        }
                        Instr::LitPlusLoop(n, body) => {
                            if sp >= DS_SIZE {
                                unfuse!();
                            }
                            plus_loop_or_unfuse!(n, body);
                        }
                        Instr::BranchExit(t) => {
                            if (t < ip && irq!().load(Ordering::Relaxed)) || rp != *rbase {
                                unfuse!();
                            }
                            if calls.len() <= base {
                                break 'hot Stop::Done;
                            }
                            return_to_caller!(unfuse!());
                        }
                        Instr::BranchLocalsExit(t) => {
                            if (t < ip && irq!().load(Ordering::Relaxed)) || rp != *rbase {
                                unfuse!();
                            }
                            let Some(&(Instr::LocalsExit(n) | Instr::LocalsExitExit(n))) =
                                code.get(t as usize)
                            else {
                                unfuse!()
                            };
                            let keep = locals.len().saturating_sub(n as usize);
                            locals.truncate(keep);
                            if calls.len() <= base {
                                break 'hot Stop::Done;
                            }
                            return_to_caller!(unfuse!());
                        }
                        Instr::DupLitLessBranch(n, t) => {
                            if sp == 0 || sp + 1 >= DS_SIZE {
                                unfuse!();
                            }
                            let a = ds[(sp - 1) & DS_MASK];
                            branch_unless!(a < n, 0, t, 4);
                        }
                        Instr::DropLit(n) => {
                            need!(1);
                            ds[(sp - 1) & DS_MASK] = n;
                            ip += 1;
                        }
                        Instr::QDupBranch(t) => {
                            if sp == 0 {
                                unfuse!();
                            }
                            let a = ds[(sp - 1) & DS_MASK];
                            if a != 0 && sp >= DS_SIZE {
                                unfuse!();
                            }
                            branch_unless!(a != 0, usize::from(a == 0), t, 2);
                        }
                        Instr::CellPlusUnder => {
                            need!(2);
                            let v = ds[(sp - 2) & DS_MASK];
                            ds[(sp - 2) & DS_MASK] = v.wrapping_add(8);
                            ip += 2;
                        }
                        Instr::PlusToR => {
                            if sp < 2 || rp >= RS_SIZE {
                                unfuse!();
                            }
                            rs[rp] = ds[(sp - 2) & DS_MASK].wrapping_add(ds[(sp - 1) & DS_MASK]);
                            rp += 1;
                            sp -= 2;
                            ip += 1;
                        }
                        Instr::RFromLoop(body) => {
                            if rp < *rbase + 3 || sp >= DS_SIZE {
                                unfuse!();
                            }
                            let index = rs[rp - 2].wrapping_add(1);
                            let ends = index == rs[rp - 3];
                            if !ends && irq!().load(Ordering::Relaxed) {
                                unfuse!();
                            }
                            ds[sp & DS_MASK] = rs[rp - 1];
                            sp += 1;
                            if ends {
                                rp -= 3;
                                ip += 1;
                            } else {
                                rp -= 1;
                                rs[rp - 1] = index;
                                ip = body;
                            }
                        }
                        Instr::PlusExit => {
                            if sp < 2 || rp != *rbase {
                                unfuse!();
                            }
                            let v = ds[(sp - 2) & DS_MASK].wrapping_add(ds[(sp - 1) & DS_MASK]);
                            ds[(sp - 2) & DS_MASK] = v;
                            sp -= 1;
                            if calls.len() <= base {
                                break 'hot Stop::Done;
                            }
                            return_to_caller!(unfuse!());
                        }
                        Instr::LocalsExitExit(n) => {
                            if rp != *rbase {
                                unfuse!();
                            }
                            let keep = locals.len().saturating_sub(n as usize);
                            locals.truncate(keep);
                            if calls.len() <= base {
                                break 'hot Stop::Done;
                            }
                            return_to_caller!(unfuse!());
                        }
                        Instr::CFetchExit => {
                            if sp == 0 || rp != *rbase {
                                unfuse!();
                            }
                            let Ok(v) = mem.byte(ds[(sp - 1) & DS_MASK]) else {
                                unfuse!()
                            };
                            ds[(sp - 1) & DS_MASK] = v as i64;
                            if calls.len() <= base {
                                break 'hot Stop::Done;
                            }
                            return_to_caller!(unfuse!());
                        }
                    }
                    if TRACE {
                        break 'hot Stop::Stepped(*ins);
                    }
                }
            };
            let p = self.vm.stacks.parts();
            (*p.sp, *p.rp) = (sp, rp);
            match stop {
                Stop::Fail(t) => return Err((t, ip.wrapping_sub(1))),
                Stop::BadCode => return Err((BAD_ADDRESS, ip)),
                Stop::Done => return Ok(()),
                Stop::Stepped(ins) => self.trace_after(ins, calls_before, ip),
                Stop::Slow => {
                    // A built-in word reached through EXECUTE or DEFER runs
                    // next, before the next instruction is fetched.
                    let mut ins = self.vm.code[ip as usize - 1].unfused();
                    loop {
                        match self.slow(ins, ip, base) {
                            Ok(Some((to, next))) => {
                                ip = to;
                                sp = self.vm.stacks.depth();
                                rp = self.vm.stacks.rdepth();
                                match next {
                                    Some(i) => ins = i,
                                    None => break,
                                }
                            }
                            Ok(None) => return Ok(()),
                            Err(t) => {
                                // A built-in word machine code called failed
                                // where the code stopped, stacks as they are.
                                if let Some(at) = self.pending.native_fail_at.take() {
                                    return Err((t, at));
                                }
                                // Fail with the stack as the instruction found it.
                                *self.vm.stacks.parts().sp = sp;
                                return Err((t, ip.wrapping_sub(1)));
                            }
                        }
                    }
                    if TRACE {
                        self.trace_after(ins, calls_before, ip);
                    }
                }
            }
        }
    }

    /// An instruction the hot loop hands over, because it needs the whole
    /// machine (a table word, EXECUTE, CATCH, DOES>, a locals frame),
    /// because it fails with a report that needs more than a throw code (a
    /// word reaching for return-stack cells it did not push), or because it
    /// starts a superinstruction that cannot run whole (then it runs alone,
    /// and the next instructions after it). The stacks' depths are
    /// current. Gives where to go on, with a built-in word to
    /// run first, or None when the run at this level is over.
    #[inline(never)]
    fn slow(&mut self, ins: Instr, ip: u32, base: usize) -> Res<Option<(u32, Option<Instr>)>> {
        let entered = |(next, to)| Ok(Some((to, next)));
        match ins {
            Instr::Execute => {
                let xt = self.pop()?;
                self.enter(xt, ip).and_then(entered)
            }
            Instr::Word(xt) => self.enter(xt as i64, ip).and_then(entered),
            Instr::Defer(addr) => {
                let xt = self.vm.mem.cell(addr as i64)?;
                self.enter(xt, ip).and_then(entered)
            }
            Instr::Catch => {
                // Run xt as if called from CATCH_END, which returns to ip.
                let xt = self.vm.stacks.catch(ip, self.vm.run_depth)?;
                self.enter(xt, CATCH_END).and_then(entered)
            }
            Instr::CatchEnd => {
                self.push(0)?;
                self.vm.stacks.end_catch();
                self.return_to_caller().map(|to| Some((to, None)))
            }
            Instr::Does(code) => {
                self.set_does(code)?;
                self.exit_word(base)
            }
            Instr::Exit => self.exit_word(base),
            Instr::LocalsEnter(args, vals) => {
                self.locals_enter(args, vals)?;
                Ok(Some((ip, None)))
            }
            Instr::CompileXt(xt) => {
                compiler::compile_xt(self, xt)?;
                Ok(Some((ip, None)))
            }
            // The first instruction of a superinstruction that could not
            // run whole (the others are hot words, run below).
            Instr::Lit(v) => {
                self.push(v)?;
                Ok(Some((ip, None)))
            }
            Instr::LocalsExit(n) => {
                self.vm.stacks.drop_locals(n as usize);
                Ok(Some((ip, None)))
            }
            // A short word's call that could not be done in place: the call.
            Instr::Call(target) => {
                let caller_rbase = self.vm.stacks.rbase();
                self.push_frame(ip)?;
                let entry = match self.trace.traced.is_empty() {
                    true => self.native_at(target),
                    false => None,
                };
                let Some(entry) = entry else {
                    return Ok(Some((target, None)));
                };
                match self.run_native(entry) {
                    jit::Exit::Returned => {
                        self.vm.stacks.set_rbase(caller_rbase);
                        Ok(Some((ip, None)))
                    }
                    jit::Exit::Stopped(at) => match self.pending.native_fail.take() {
                        // Reported at `at` (the Slow arm of `inner`).
                        Some(t) => {
                            self.pending.native_fail_at = Some(at);
                            Err(t)
                        }
                        None => Ok(Some((at, None))),
                    },
                    jit::Exit::Unentered => Ok(Some((target, None))),
                }
            }
            // The first instruction of a run starting with a local (as
            // the hot loop's LocalFetch: room first, then the frame).
            Instr::LocalFetch(n) => {
                let p = self.vm.stacks.parts();
                if *p.sp >= DS_SIZE {
                    return Err(STACK_OVERFLOW);
                }
                let v = p
                    .locals
                    .slot(n)
                    .map(|i| p.locals[i])
                    .ok_or(RSTACK_UNDERFLOW)?;
                self.push(v)?;
                Ok(Some((ip, None)))
            }
            Instr::Branch(target) => {
                if target < ip && self.host.interrupt.take() {
                    return Err(USER_INTERRUPT);
                }
                Ok(Some((target, None)))
            }
            Instr::Prim(id) => {
                let body = *self.vm.prims.get(id as usize).ok_or(BAD_ADDRESS)?;
                // Kept for the report, if EXECUTE ran it (`note_fault`).
                body(self).inspect_err(|_| self.pending.executed = Some(ins))?;
                Ok(Some((ip, None)))
            }
            // A hot word that could not run inline: its table body runs
            // (and reports the error exactly).
            other => match crate::words::core::canonical(other) {
                Instr::Prim(id) => {
                    let body = *self.vm.prims.get(id as usize).ok_or(BAD_ADDRESS)?;
                    // Kept for the report, if EXECUTE ran it (`note_fault`).
                    body(self).inspect_err(|_| self.pending.executed = Some(other))?;
                    Ok(Some((ip, None)))
                }
                _ => Err(BAD_ADDRESS),
            },
        }
    }

    /// EXIT (and DOES>): leave the run at its own level, or check the word
    /// gave back its return-stack cells and return to the caller.
    fn exit_word(&mut self, base: usize) -> Res<Option<(u32, Option<Instr>)>> {
        if self.vm.stacks.call_depth() <= base {
            return Ok(None);
        }
        if !self.vm.stacks.rbalanced() {
            return Err(self.exit_imbalance());
        }
        self.return_to_caller().map(|to| Some((to, None)))
    }

    /// Pop a call frame: the caller's address, and its return-stack base back.
    fn return_to_caller(&mut self) -> Res<u32> {
        self.vm.stacks.leave_frame().ok_or(RSTACK_UNDERFLOW)
    }

    /// Tracing: entering a traced word starts printing.
    #[cold]
    fn trace_before(&mut self, at: u32) {
        self.trace.trace_at = at;
        if self.trace.trace_base.is_none() && self.trace.traced.contains(&at) {
            self.trace.trace_base = Some(self.vm.stacks.call_depth());
            let name = self
                .vm
                .dict
                .word_at(at)
                .map(|xt| self.vm.dict.words()[xt as usize].name.to_string());
            let name = name.unwrap_or_default();
            let line = format!("{name}  {}\n", tools::stack_text(self).trim_end());
            let _ = self.host.out.write_all(line.as_bytes());
            if self.trace.steps.is_some() {
                self.keep_trace_step(&name, 0);
            }
        }
    }

    /// The word that compiled the traced step (`if`, `loop`, a user's
    /// `?leave`), as the code space recorded it.
    fn traced_word(&self) -> Option<String> {
        let xt = self
            .vm
            .code
            .by(self.trace.trace_at as usize)
            .filter(|&xt| xt != 0)?;
        Some(self.vm.dict.words().get(xt as usize)?.name.to_string())
    }

    /// A `."` step as it was compiled: `." text"`, from the string the
    /// instruction before it holds.
    fn traced_dot_quote(&self) -> Option<String> {
        let at = (self.trace.trace_at as usize).checked_sub(1)?;
        let Instr::Str(a, n) = self.vm.code.get(at)? else {
            return None;
        };
        let text = self.vm.mem.string(a as i64, n as i64).ok()?;
        Some(format!(".\" {text}\""))
    }

    /// Tracing: after a step, print the word it ran and the stack, indented
    /// by call depth; leaving the traced word stops. `next` is the address
    /// of the next instruction.
    #[cold]
    fn trace_after(&mut self, ins: Instr, calls_before: usize, next: u32) {
        let Some(base) = self.trace.trace_base else {
            return;
        };
        if self.vm.stacks.call_depth() < base {
            self.trace.trace_base = None;
            return;
        }
        let flit = crate::words::float::Floating::FLit.instr();
        let name = match ins.trace() {
            Trace::Literal => match ins {
                // A float literal's bits: the step that moves them shows it.
                Instr::Lit(_)
                    if self
                        .vm
                        .code
                        .get(next as usize)
                        .map(crate::words::core::canonical)
                        == Some(flit) =>
                {
                    return;
                }
                Instr::Lit(v) => crate::words::text::signed(v as i128, self.base()),
                // ." is one step: its string is shown when it prints.
                Instr::Str(..) if self.traced_word().as_deref() == Some(".\"") => return,
                Instr::Str(a, n) => format!(
                    "s\" {}\"",
                    self.vm.mem.string(a as i64, n as i64).unwrap_or_default()
                ),
                _ => return,
            },
            // Steps that take a flag or step a loop show as the word written
            // (if, while, until, of, do, loop …), with the stack after them.
            Trace::Token => match self.traced_word() {
                Some(w) => w.to_ascii_lowercase(),
                None => return,
            },
            Trace::Hidden => return,
            Trace::Word => match ins {
                i if i == flit => self
                    .vm
                    .stacks
                    .fpeek(0)
                    .map_or_else(|_| "(flit)".into(), crate::number::literal_text),
                i if i == crate::words::text::Text::DotQuoteRun.instr() => {
                    self.traced_dot_quote().unwrap_or_else(|| ".\"".into())
                }
                other => match self.instr_name(other) {
                    Some(n) => n,
                    None => return,
                },
            },
        };
        if !self.host.out.at_line_start {
            let _ = self.host.out.write_all(b"\n");
        }
        let depth = calls_before.saturating_sub(base) + 1;
        let indent = "  ".repeat(depth);
        let line = format!("{indent}{name}  {}\n", tools::stack_text(self).trim_end());
        let _ = self.host.out.write_all(line.as_bytes());
        if self.trace.steps.is_some() {
            self.keep_trace_step(&name, depth);
        }
    }

    fn locals_enter(&mut self, args: u16, vals: u16) -> Res<()> {
        // The first argument named is the deepest on the stack; it becomes
        // the oldest local. Values come after the arguments.
        self.vm.stacks.enter_locals(args as usize, vals as usize)
    }

    /// Begin executing `xt`, called from before `ip`. Returns where to go
    /// on: a built-in to dispatch there, or colon code to jump to (the new
    /// ip). `ip` is passed by value so that it can live in a register.
    #[inline]
    fn enter(&mut self, xt: i64, ip: u32) -> Res<(Option<Instr>, u32)> {
        let mut xt = xt;
        // DEFER chains are followed a bounded number of times.
        for _ in 0..64 {
            let Some(word) = usize::try_from(xt)
                .ok()
                .and_then(|x| self.vm.dict.words().get(x))
            else {
                return Err(self.fail(BAD_ADDRESS, format!("{xt} is not an execution token")));
            };
            match word.kind {
                Kind::Prim(i) => return Ok((Some(i), ip)),
                Kind::Colon(start) => {
                    self.push_frame(ip)?;
                    return Ok((None, start));
                }
                Kind::Constant(v) => self.push(v)?,
                Kind::Variable(a) | Kind::Create(a) => self.push(a as i64)?,
                Kind::Does { body, code } => {
                    self.push(body as i64)?;
                    self.push_frame(ip)?;
                    return Ok((None, code));
                }
                Kind::Value(a) => {
                    let v = self.vm.mem.cell(a as i64)?;
                    self.push(v)?;
                }
                Kind::TwoValue(a) => {
                    let (x2, x1) = (self.vm.mem.cell(a as i64)?, self.vm.mem.cell(a as i64 + 8)?);
                    self.push(x1)?;
                    self.push(x2)?;
                }
                Kind::FValue(a) => {
                    let r = f64::from_bits(self.vm.mem.cell(a as i64)? as u64);
                    self.vm.stacks.fpush(r)?;
                }
                Kind::Defer(a) => {
                    xt = self.vm.mem.cell(a as i64)?;
                    continue;
                }
                Kind::Marker(m) => crate::words::sys::run_marker(self, m as usize)?,
                Kind::Forgotten => return Err(self.stale_xt(xt)),
            }
            return Ok((None, ip));
        }
        Err(self.fail(BAD_ADDRESS, "deferred words chained too deeply"))
    }

    /// The error for an execution token whose word a MARKER forgot.
    #[cold]
    pub(crate) fn stale_xt(&mut self, xt: i64) -> Throw {
        if xt == 0 {
            return self.fail(
                BAD_ADDRESS,
                "0 is not an execution token (a variable or value never set to one?)",
            );
        }
        let name = usize::try_from(xt)
            .ok()
            .and_then(|x| self.vm.dict.words().get(x))
            .map_or(String::new(), |w| w.name.to_string());
        self.fail(
            BAD_ADDRESS,
            format!("{xt} was the execution token of `{name}`, which a MARKER has forgotten"),
        )
    }

    /// Enter a word from `enter` (EXECUTE, DEFER, CATCH): a call that
    /// Ctrl-C can stop, like a compiled call.
    fn push_frame(&mut self, ret: u32) -> Res<()> {
        if self.vm.stacks.call_depth() >= MAX_CALLS {
            return Err(RSTACK_OVERFLOW);
        }
        if self.host.interrupt.take() {
            return Err(USER_INTERRUPT);
        }
        self.vm.stacks.enter_frame(ret);
        Ok(())
    }

    /// The run-time of DOES>: the newest word runs `code` from now on.
    fn set_does(&mut self, code: u32) -> Res<()> {
        let xt = self.vm.dict.last().ok_or(NOT_CREATED)?;
        // Machine code may have run the word as it was.
        self.vm.code.natives.forget_all();
        if !self.vm.dict.make_does(xt, code) {
            return Err(self.fail(NOT_CREATED, "DOES> needs a word made by CREATE"));
        }
        Ok(())
    }

    /// The Forth name of a compiled instruction, when it has one.
    pub(crate) fn instr_name(&self, i: Instr) -> Option<String> {
        let xt = match i.unfused() {
            Instr::Call(start) => self
                .vm
                .dict
                .words()
                .iter()
                .position(|w| w.kind == Kind::Colon(start)),
            Instr::Word(xt) => Some(xt as usize),
            // A hot word compiled in its table form (`2!` by TO) is found too.
            i => self.vm.dict.first_prim(i, crate::words::core::hot(i)),
        }?;
        Some(self.vm.dict.words()[xt].name.to_string())
    }

    /// After an uncaught error: empty stacks, interpret state, input back
    /// at the top level, a half-made definition discarded.
    pub fn reset_after_error(&mut self) {
        self.vm.stacks.clear();
        self.reset_all_but_stacks();
    }

    /// After QUIT: as after an error, but the data stack stays.
    pub(crate) fn reset_after_quit(&mut self) {
        self.vm.stacks.clear_keeping_data();
        self.reset_all_but_stacks();
    }

    fn reset_all_but_stacks(&mut self) {
        self.vm.run_depth = 0;
        self.pending.fault.active = false;
        self.pending.throw_msg = None;
        self.pending.throw_opened = None;
        self.host.interrupt.clear();
        compiler::abandon_definition(self);
        self.input.unwind();
        if !self.vm.dict.order_can_recover() {
            // Not even ONLY could be found any more: give the learner FORTH back.
            self.vm.dict.reset_order();
            self.host.note("note: after this error the search order is back to its start (it had lost FORTH and ONLY)");
        }
        let _ = self.host.out.flush();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::memory;

    /// The return stack, bottom first.
    fn rstack_of(f: &mut Forth) -> Vec<i64> {
        let p = f.vm.stacks.parts();
        p.rs[..*p.rp].to_vec()
    }

    /// A small deterministic generator, so failures reproduce.
    fn xorshift(mut seed: u64) -> impl FnMut() -> u64 {
        move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        }
    }

    /// Every hot word behaves exactly as its table body: same stacks after
    /// it, same throw code when it fails, on many machine states.
    #[test]
    fn hot_words_match_their_table_bodies() {
        let cells = [
            0,
            1,
            -1,
            7,
            63,
            64,
            i64::MIN,
            i64::MAX,
            memory::DICT_START as i64,
            memory::DICT_START as i64 + 8,
            5,
        ];
        let mut next = xorshift(0x2545_f491_4f6c_dd1d);
        let (mut a, _) = Forth::for_test(b"");
        let (mut b, _) = Forth::for_test(b"");
        // The hot core words, and the float and everyday words the hot
        // loop runs by their table number.
        let floats = [
            F_LIT,
            S_TO_F,
            F_DUP,
            F_OVER,
            F_DROP,
            F_SWAP,
            F_PLUS,
            F_MINUS,
            F_STAR,
            F_SLASH,
            F_FETCH,
            F_STORE,
            CHARS,
            PICK,
            TWO_OVER,
            TWO_SWAP,
            TWO_TO_R,
            TWO_R_FROM,
            TWO_R_FETCH,
            COUNT,
            SLASH_STRING,
            CMOVE,
            COMPARE,
        ]
        .map(|id| (Instr::Prim(id), Instr::Prim(id)));
        let pairs = crate::words::core::HOT.iter().map(|&(c, h)| (c.instr(), h));
        for (word, hot) in pairs.chain(floats) {
            let start = b.vm.code.len() as u32;
            b.vm.code.extend([hot, Instr::Exit]);
            for _ in 0..600 {
                let depth = (next() % 6) as usize;
                // Half the time the stack holds strings, address then
                // length (for COMPARE, CMOVE, /STRING, COUNT).
                let strings = next().is_multiple_of(2);
                let d = memory::DICT_START as i64;
                let addrs = [d, d + 1, d + 3, d + 8, d + 9, 5];
                let lens = [0, 1, 2, 3, 5, 8, -1];
                let stack: Vec<i64> = (0..depth)
                    .map(|k| match (strings, (depth - k) % 2) {
                        (true, 0) => addrs[(next() % addrs.len() as u64) as usize],
                        (true, _) => lens[(next() % lens.len() as u64) as usize],
                        _ => cells[(next() % cells.len() as u64) as usize],
                    })
                    .collect();
                let rdepth = (next() % 4) as usize;
                let rbase = (next() % 3) as usize;
                let floats: Vec<f64> = (0..next() % 4).map(|k| k as f64 * 1.5 - 2.0).collect();
                let setup = |f: &mut Forth| {
                    f.reset_after_error();
                    for &x in &stack {
                        let _ = f.push(x);
                    }
                    let p = f.vm.stacks.parts();
                    *p.rp = rdepth;
                    for k in 0..rdepth {
                        p.rs[k] = 100 + k as i64;
                    }
                    *p.rbase = rbase.min(rdepth);
                    for &r in &floats {
                        let _ = f.vm.stacks.fpush(r);
                    }
                    let _ = f.vm.mem.set_cell(memory::DICT_START as i64, 42);
                    let _ =
                        f.vm.mem
                            .set_cell(memory::DICT_START as i64 + 8, 0x0102_0304_0506_0708);
                };
                setup(&mut a);
                let Instr::Prim(id) = word else {
                    unreachable!()
                };
                let ra = (a.vm.prims[id as usize])(&mut a);
                setup(&mut b);
                let rb = b.run(start);
                let what =
                    format!("{word:?} on {stack:?}, F: {floats:?}, R: {rdepth} deep from {rbase}");
                assert_eq!(ra.map_err(|t| t.0), rb.map_err(|t| t.0), "{what}");
                if ra.is_ok() {
                    assert_eq!(a.stack(), b.stack(), "{what}");
                    let bits = |f: &Forth| -> Vec<u64> {
                        f.vm.stacks.fstack().iter().map(|r| r.to_bits()).collect()
                    };
                    assert_eq!(bits(&a), bits(&b), "{what}");
                    assert_eq!(rstack_of(&mut a), rstack_of(&mut b), "{what}");
                    for at in [0, 8, 16] {
                        let at = memory::DICT_START as i64 + at;
                        assert_eq!(a.vm.mem.cell(at), b.vm.mem.cell(at), "{what}");
                    }
                }
            }
        }
    }

    /// Every superinstruction does what its run of instructions does, and
    /// where a check fails, fails exactly as the run would: same throw,
    /// same failing slot, same stack shown.
    /// Calls of short words and tables made by DOES> words, done in
    /// place, give the same stacks, memory and error reports as the plain
    /// calls, on stacks of every depth (and a full one).
    #[test]
    fn short_words_done_in_place_report_as_calls() {
        let defs = "create buf 64 allot variable v 3 v ! \
            : s0 v @ cells + ; : s1 v @ + c@ ; : s2 7 mod ; : s3 cells buf + @ ; \
            : s4 cells buf + ! ; : s5 2 cells + @ ; : s6 v @ ; : s7 0 / ; : s8 3 rshift ; \
            : ctab create allot does> + ; : ttab create cells allot does> swap cells + ; \
            16 ctab t0 4 ttab t1";
        let uses = [
            "s0",
            "s1",
            "s2",
            "s3",
            "s4",
            "s5",
            "s6",
            "s7",
            "s8",
            "t0",
            "t1",
            "t1 @",
            "t0 c@",
            "5 s4 0 s3",
            "buf s5",
            "-1 v ! 0 s0",
            "buf 8 + v ! 0 s1",
        ];
        let stacks = [
            "",
            "1",
            "0 1",
            "buf",
            "buf 3",
            "-1 -1",
            "9223372036854775807 2",
        ];
        let (mut a, _) = Forth::for_test(b"");
        let (mut b, _) = Forth::for_test(b"");
        a.vm.code.no_inline = true;
        for f in [&mut a, &mut b] {
            f.interpret_line(defs).expect("the definitions");
        }
        for (k, u) in uses.iter().enumerate() {
            let start = a.vm.code.len();
            for f in [&mut a, &mut b] {
                f.interpret_line(&format!(": u{k} {u} ;")).expect("a use");
            }
            assert_ne!(
                a.vm.code.instrs()[start..],
                b.vm.code.instrs()[start..],
                "{u} is not done in place"
            );
            for st in stacks {
                for full in [false, true] {
                    let mut results = Vec::new();
                    for f in [&mut a, &mut b] {
                        f.reset_after_error();
                        let p = f.vm.stacks.parts();
                        *p.sp = if full { DS_SIZE - 1 } else { 0 };
                        let r = f.interpret_line(&format!("{st} u{k}"));
                        let d = memory::DICT_START as i64;
                        let mem: Vec<_> = (0..8).map(|i| f.vm.mem.cell(d + 8 * i)).collect();
                        let top = f.stack().iter().rev().take(4).copied().collect::<Vec<_>>();
                        results.push((format!("{r:?}"), f.depth(), top, mem));
                    }
                    assert_eq!(results[0], results[1], "{st} {u} (full: {full})");
                }
            }
        }
    }

    #[test]
    fn superinstructions_match_their_runs() {
        use Instr::*;
        use std::mem::discriminant;
        let d = memory::DICT_START as i64;
        let cells = [0, 1, -1, 3, 8, 64, i64::MIN, i64::MAX, d, d + 8, d + 1];
        let mut next = xorshift(0x9e37_79b9_7f4a_7c15);
        let (mut a, _) = Forth::for_test(b"");
        let (mut b, _) = Forth::for_test(b"");
        // Every superinstruction, then every short word's shape that a
        // call is done in place for (with the word's body at slot 9).
        let mut cases: Vec<(Instr, Vec<Instr>, Vec<Instr>)> = crate::instr::runs()
            .into_iter()
            .map(|(sup, run)| {
                let tail = if matches!(sup, CallLocals(_)) {
                    // Its word starts by taking a local.
                    vec![LocalsEnter(1, 1), LocalFetch(1), LocalsExit(2), Exit]
                } else {
                    vec![Lit(99), Exit]
                };
                (sup, run, tail)
            })
            .collect();
        let shapes = [
            (
                InlineVarCellsPlus(0, 0),
                vec![Lit(d + 8), Fetch, Cells, Plus],
            ),
            (
                InlineVarPlusCFetch(0, 0),
                vec![Lit(d + 8), Fetch, Plus, CFetch],
            ),
            (
                InlineCellsLitPlusFetch(0, 0),
                vec![Cells, Lit(d), Plus, Fetch],
            ),
            (
                InlineCellsLitPlusStore(0, 0),
                vec![Cells, Lit(d), Plus, Store],
            ),
            (
                InlineLitCellsPlusFetch(0, 0),
                vec![Lit(1), Cells, Plus, Fetch],
            ),
            (InlineVarFetch(0, 0), vec![Lit(d + 16), Fetch]),
        ];
        // Frames of every size the fast path takes, and beyond.
        for (args, vals) in [(0, 0), (0, 1), (2, 0), (2, 1), (3, 0), (3, 2), (4, 1)] {
            let tail = vec![
                LocalsEnter(args, vals),
                LocalFetch(0),
                LocalsExit(args + vals),
                Exit,
            ];
            cases.push((CallLocals(0), vec![Call(0)], tail));
        }
        for (sup, mut body) in shapes {
            body.push(Exit);
            cases.push((sup, vec![Call(0)], body));
        }
        for op in crate::instr::LIT_OPS {
            for n in [3, 0, -1, 64, i64::MIN] {
                cases.push((InlineLitOp(0, 0, 0), vec![Call(0)], vec![Lit(n), op, Exit]));
            }
        }
        for (sup, run, tail) in cases {
            // The run at slot 0 of a little definition: slots up to 7 are
            // filler, 8 is EXIT, 9 a landing place that pushes 99. Its
            // jump lands at 9, or at the EXIT for a run that must jump to
            // one (a branch to an EXIT).
            let base = a.vm.code.len();
            let place = |to: usize| -> Vec<Instr> {
                let mut code: Vec<Instr> = run
                    .iter()
                    .map(|&i| match i {
                        Call(_) => Call((base + 9) as u32),
                        Prim(_) if matches!(sup, LitPick(..)) => Core::Pick.instr(),
                        Prim(_) => Core::Chars.instr(),
                        _ => i.with_target((base + to) as u32).unwrap_or(i),
                    })
                    .collect();
                code.resize(8, Instr::Case);
                if matches!(sup, BranchLocalsExit(_)) {
                    // The end of a definition with locals, at 7.
                    code[7] = LocalsExit(1);
                }
                code.push(Exit);
                code.extend(&tail);
                code
            };
            let fuses_to_sup = |code: &[Instr]| {
                let mut c = vec![Exit; base];
                c.extend(code);
                crate::instr::fuse(&mut c, base, base + 9);
                crate::instr::inline_calls(&mut c, base, base + 9);
                discriminant(&c[base]) == discriminant(&sup)
            };
            let plain = [place(9), place(8), place(7)]
                .into_iter()
                .find(|code| fuses_to_sup(code))
                .unwrap_or_else(|| panic!("{run:?} is not fused into {sup:?}"));
            for f in [&mut a, &mut b] {
                f.vm.code.extend(&plain);
            }
            b.vm.code.fuse(base, base + 9);
            assert_ne!(b.vm.code[base], a.vm.code[base], "{run:?} is not fused");
            for _ in 0..400 {
                let pick = |r: u64| cells[(r % cells.len() as u64) as usize];
                let lit = pick(next());
                let depth = (next() % 4) as usize;
                let stack: Vec<i64> = (0..depth).map(|_| pick(next())).collect();
                let rstack: Vec<i64> = (0..(next() % 4)).map(|_| pick(next())).collect();
                let rbase = (next() % 3) as usize;
                let full = next().is_multiple_of(8);
                // Locals, most rounds (a run starting with one fails
                // without a frame).
                let args: Vec<i64> = (0..(next() % 3)).map(|_| pick(next())).collect();
                for f in [&mut a, &mut b] {
                    f.reset_after_error();
                    let p = f.vm.stacks.parts();
                    p.ds[DS_SIZE - 8..].fill(0);
                    *p.sp = if full { DS_SIZE - depth } else { 0 };
                    p.ds[*p.sp..*p.sp + depth].copy_from_slice(&stack);
                    *p.sp += depth;
                    *p.rp = rstack.len();
                    p.rs[..*p.rp].copy_from_slice(&rstack);
                    *p.rbase = rbase.min(*p.rp);
                    p.locals.truncate(0);
                    assert!(p.locals.enter(&args, 0));
                    for k in 0..3 {
                        let _ = f.vm.mem.set_cell(d + 8 * k, 8 * k);
                    }
                    // The run's literals take this round's value.
                    for (k, &i) in plain[..run.len()].iter().enumerate() {
                        if let Lit(_) = i {
                            f.vm.code.patch(base + k, Lit(lit));
                        } else {
                            f.vm.code.patch(base + k, i);
                        }
                    }
                }
                b.vm.code.fuse(base, base + 9);
                let ra = a.run(base as u32);
                let rb = b.run(base as u32);
                let what = format!(
                    "{run:?} lit {lit} on {stack:?} (full: {full}), R: {rstack:?} from {rbase}"
                );
                assert_eq!(ra, rb, "{what}");
                // The cells this test put there and above (a full stack's
                // deep cells are left from earlier rounds).
                let from = if full { DS_SIZE - 8 } else { 0 };
                assert_eq!(a.depth(), b.depth(), "{what}");
                assert_eq!(
                    &a.stack()[from.min(a.depth())..],
                    &b.stack()[from.min(b.depth())..],
                    "{what}"
                );
                assert_eq!(rstack_of(&mut a), rstack_of(&mut b), "{what}");
                if ra.is_err() {
                    assert_eq!(a.pending.fault.ip, b.pending.fault.ip, "{what}");
                    assert_eq!(a.pending.fault.depth, b.pending.fault.depth, "{what}");
                    assert_eq!(a.pending.fault.instr, b.pending.fault.instr, "{what}");
                }
                for k in 0..3 {
                    assert_eq!(a.vm.mem.cell(d + 8 * k), b.vm.mem.cell(d + 8 * k), "{what}");
                }
            }
        }
    }

    /// EXECUTE's table in machine code forgets a word whose kind changed
    /// since it was asked: here the line a prompt's IF ran as a definition
    /// of its own, whose token `latestxt` kept, is gone when `z` runs it
    /// (found by a reviewer's random programs; machine code ran the old
    /// line again).
    #[test]
    fn native_execute_sees_a_word_forgotten_since() {
        // The line's word forgotten (its token kept), then a token reused.
        for (evaluated, after) in [(": foo 2 ;", ""), ("] dup [", ": foo 7 ;")] {
            let lines = [
                "variable tx  variable n".to_string(),
                ": w tx @ execute ;".to_string(),
                "true prompt-control".to_string(),
                format!(
                    "1 if n @ 0= if 1 n ! latestxt tx ! 1 w s\" {evaluated}\" evaluate then then"
                ),
                after.to_string(),
                ": z tx @ execute ;".to_string(),
                "z .".to_string(),
            ];
            let mut reports = Vec::new();
            for jit in [true, false] {
                let (mut f, out) = Forth::for_test(b"");
                f.vm.code.natives.enabled &= jit;
                let mut all = Vec::new();
                for l in &lines {
                    let r = f.interpret_line(l);
                    if r.is_err() {
                        f.reset_after_error();
                    }
                    all.push((format!("{r:?}"), out.take()));
                }
                reports.push(all);
            }
            assert_eq!(reports[0], reports[1], "{evaluated}");
            let last = &reports[1][6];
            assert!(
                last.0.contains("forgotten") || last.1.contains('7'),
                "{evaluated}: {last:?}"
            );
        }
    }

    /// Machine code (`jit.rs`) against the interpreter: every instruction
    /// it translates and the built-in words it calls out to, on stacks of
    /// every depth (empty, full, holding addresses and extremes), with the
    /// result, the error report, the stacks and data space compared.
    #[test]
    fn native_code_matches_the_interpreter() {
        let defs = "create buf 64 allot variable v 3 v ! \
            : sq dup * ; : rec dup 0> if 1- recurse then ; : deep 1+ recurse ; \
            : loc {: a b | c :} a b + to c c 1 +to c c ; \
            : ctab create allot does> + ; 16 ctab t0 \
            : ttab create cells allot does> swap cells + ; 4 ttab t1 \
            : later create , does> @ ; 5 later t2 \
            defer dd ' sq is dd  defer de  : fl 1e f. ; : ex execute ;";
        let uses = [
            "dup",
            "drop",
            "swap",
            "over",
            "rot",
            "-rot",
            "nip",
            "tuck",
            "?dup",
            "2dup",
            "2drop",
            "+",
            "-",
            "*",
            "/",
            "mod",
            "1+",
            "1-",
            "negate",
            "min",
            "max",
            "2*",
            "2/",
            "lshift",
            "rshift",
            "and",
            "or",
            "xor",
            "invert",
            "=",
            "<>",
            "<",
            ">",
            "u<",
            "u>",
            "0=",
            "0<>",
            "0<",
            "0>",
            "@",
            "!",
            "c@",
            "c!",
            "+!",
            "cell+",
            "cells",
            "char+",
            "chars",
            "2@",
            "2!",
            ">r r>",
            ">r r@ r> +",
            "r>",
            "r@",
            "i",
            "j",
            "2>r 2r@ 2r> 2drop 2drop",
            "2r>",
            "2r@",
            "unloop",
            "5 0 ?do i + loop",
            "3 0 do 2 0 do i j + + loop loop",
            "10 0 do i 5 = if leave then i + loop",
            "10 0 do i + 3 +loop",
            "0 10 do i + -3 +loop",
            "8 min begin dup 0> while 1- repeat",
            "4 begin 1- dup 0= until drop",
            "case 1 of 10 endof 2 of 20 endof endcase",
            "sq",
            "rec",
            "loc",
            "t0",
            "t1",
            "t1 @",
            "t2",
            "buf 3 cells + @",
            "v @ +",
            "s\" abc\" type",
            "buf 8 65 fill buf c@",
            ".",
            "fm/mod",
            "um/mod",
            "depth",
            "pick",
            "deep",
            "1 0 /",
            "0 @",
            "-1 c@",
            "buf 2!",
            "2 pick",
            "if 1 else 2 then",
            "?dup if drop then",
            "7 /",
            "-7 mod",
            "3 lshift",
            "v ! v @",
            "7 and 0 ?do loop",
            "abs within",
            "base @ hex base ! decimal",
            "3 0 do i unloop exit loop",
            "['] sq execute",
            "execute",
            "ex",
            "['] ex execute",
            "['] + execute",
            "['] v execute @",
            "['] t0 execute",
            "['] fl execute",
            "['] deep execute",
            "4 0 do i ['] sq execute + loop",
            "dd",
            "de",
            "3 0 do dd loop",
        ];
        let stacks = [
            "",
            "1",
            "0 1",
            "5 3",
            "buf",
            "buf 3",
            "2 buf",
            "-1 -1",
            "9223372036854775807 2",
            "-9223372036854775808 -1",
            "7 0",
            "1 2 3",
            "buf 1 2",
            "buf 8 + 2",
        ];
        let (mut a, abuf) = Forth::for_test(b"");
        let (mut b, bbuf) = Forth::for_test(b"");
        if !a.vm.code.natives.enabled {
            eprintln!("SKIPPED: no native tier on this processor or system");
            return;
        }
        b.vm.code.natives.enabled = false;
        for f in [&mut a, &mut b] {
            f.interpret_line(defs).expect("the definitions");
        }
        let mut translated = 0;
        for (k, u) in uses.iter().enumerate() {
            for f in [&mut a, &mut b] {
                f.interpret_line(&format!(": u{k} {u} ;")).expect("a use");
            }
            for st in stacks {
                // (Recursion to the call stack's limit takes a while: once.)
                if matches!(*u, "deep" | "rec" | "['] deep execute") && st != "1" {
                    continue;
                }
                for below in [0, DS_SIZE - 8, DS_SIZE - 2] {
                    let mut results = Vec::new();
                    for (f, out) in [(&mut a, &abuf), (&mut b, &bbuf)] {
                        f.reset_after_error();
                        // (Cells above the top are left as earlier runs
                        // left them, differently: cleared.)
                        let p = f.vm.stacks.parts();
                        p.ds[below.saturating_sub(8)..].fill(0);
                        *p.sp = below;
                        let r = f.interpret_line(&format!("{st} u{k}"));
                        let d = memory::DICT_START as i64;
                        let mem: Vec<_> = (0..12).map(|i| f.vm.mem.cell(d + 8 * i)).collect();
                        let top = f.stack().iter().rev().take(6).copied().collect::<Vec<_>>();
                        let s = &f.vm.stacks;
                        let depths = (s.depth(), s.rdepth(), s.call_depth(), s.rbase());
                        results.push((format!("{r:?}"), depths, top, mem, out.take()));
                    }
                    assert_eq!(results[0], results[1], "`{st} {u}` ({below} cells below)");
                }
            }
            let xt = a.vm.dict.find(&format!("u{k}")).expect("defined");
            if let Kind::Colon(t) = a.vm.dict.words()[xt as usize].kind
                && a.vm.code.natives.entry(t).is_some()
            {
                translated += 1;
            }
        }
        // Nearly every use runs as machine code (the few that do not start
        // with an instruction it runs are entered by the interpreter).
        assert!(
            translated >= uses.len() - 4,
            "{translated} of {} translated",
            uses.len()
        );
    }
}
