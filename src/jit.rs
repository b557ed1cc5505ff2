//! The native tier: colon definitions translated to x86-64 machine code,
//! run on the very machine state the inner interpreter uses (`vm.rs`).
//!
//! It is a fast path, never a second semantics. Native code keeps the
//! data stack, the return stack and the call frames in their own arrays
//! (the stack pointers in registers), and it never reports an error: where
//! any check would fail (a stack too shallow or too deep, an address out
//! of data space, a division by zero, Ctrl-C, an instruction it does not
//! translate), it stops *before* that instruction, with every stack as
//! the instruction would find it, and hands the address of the
//! instruction to the interpreter, which goes on from there and fails, if
//! it does, with its own exact report and backtrace. Call frames made by
//! native calls are real frames on the call stack, so nothing needs
//! rebuilding when it stops.
//!
//! Stack depths are checked once per straight run of code (a segment:
//! from a branch target or a call's return to the next branch or call),
//! for the deepest and the highest point of the run. When that check
//! fails the run is handed over from its first instruction, and the
//! interpreter's per-instruction checks decide.
//!
//! Only x86-64 Linux has the native tier; elsewhere `compile` gives
//! nothing and the interpreter runs everything.
//!
//! Registers while native code runs: rbx the [`Ctx`], r12 the data stack
//! pointer (`&ds[sp]`), r13 the return stack pointer (`&rs[rp]`), r15 the
//! call stack pointer (`&calls[len]`), rbp the running word's return-stack
//! base (`&rs[rbase]`), r14 the data space's first byte; rax, rcx, rdx,
//! rsi and rdi are scratch. A native call pushes the frame the
//! interpreter would (`ret | rbase << 32`), saves rbp on the machine
//! stack and calls; EXIT pops the frame and returns.

#![allow(unsafe_code)]

use crate::instr::Instr;
use std::collections::{BTreeSet, HashMap};

/// What native code and Rust share: the `Ctx` and its offsets, and the
/// answers they give each other.
#[cfg_attr(
    not(all(target_arch = "x86_64", target_os = "linux")),
    allow(dead_code)
)]
mod abi {
    /// What native code reads and leaves for the interpreter. The offsets are
    /// written into the code (`off::*`).
    #[repr(C)]
    #[derive(Debug, Default)]
    pub(crate) struct Ctx {
        /// In and out: `&ds[sp]`, `&rs[rp]`, `&calls[len]`, `&rs[rbase]`.
        pub(crate) dsp: usize,
        pub(crate) rsp: usize,
        pub(crate) csp: usize,
        pub(crate) rbase: usize,
        /// Out: the instruction to go on from, when the code stopped.
        pub(crate) ip: u64,
        /// The machine stack at entry (a stop unwinds to it).
        pub(crate) saved_rsp: usize,
        /// `&ds[0]`, `&rs[0]`, `&rs[RS_SIZE]`.
        pub(crate) ds_lo: usize,
        pub(crate) rs_lo: usize,
        pub(crate) rs_hi: usize,
        /// A native call stops when the call stack pointer reaches this: the
        /// call stack's capacity, or the machine stack's budget for nesting.
        pub(crate) calls_hi: usize,
        /// The Ctrl-C flag (a byte, nonzero when pressed).
        pub(crate) irq: usize,
        /// `&mem[0]`.
        pub(crate) mem: usize,
        /// Where a stop jumps (the entry stub's exit).
        pub(crate) stop: usize,
        /// A built-in word's body run from native code (`callout`): the
        /// system, the function that runs body n on it, and `callout::<T>`.
        pub(crate) forth: usize,
        pub(crate) prim: usize,
        pub(crate) callout: usize,
        /// In and out: `&locals[len]`; and `&locals[0]`, `&locals[MAX_LOCALS]`.
        pub(crate) lsp: usize,
        pub(crate) ls_lo: usize,
        pub(crate) ls_hi: usize,
        /// `&ds[DS_SIZE]`.
        pub(crate) ds_hi: usize,
        /// EXECUTE's table: by execution token, the machine code of the
        /// colon definition it names; 0 not yet asked (`resolve`), 1 none.
        pub(crate) xts: usize,
        pub(crate) xts_len: usize,
        /// `resolve::<T>`, and the function it runs on the system to fill
        /// a row of the table.
        pub(crate) resolve: usize,
        pub(crate) find: usize,
    }

    #[allow(dead_code)]
    pub(crate) mod off {
        pub(crate) const DSP: i32 = 0;
        pub(crate) const RSP: i32 = 8;
        pub(crate) const CSP: i32 = 16;
        pub(crate) const RBASE: i32 = 24;
        pub(crate) const IP: i32 = 32;
        pub(crate) const SAVED_RSP: i32 = 40;
        pub(crate) const DS_LO: i32 = 48;
        pub(crate) const RS_LO: i32 = 56;
        pub(crate) const RS_HI: i32 = 64;
        pub(crate) const CALLS_HI: i32 = 72;
        pub(crate) const IRQ: i32 = 80;
        pub(crate) const MEM: i32 = 88;
        pub(crate) const STOP: i32 = 96;
        pub(crate) const CALLOUT: i32 = 120;
        pub(crate) const LSP: i32 = 128;
        pub(crate) const LS_LO: i32 = 136;
        pub(crate) const LS_HI: i32 = 144;
        pub(crate) const DS_HI: i32 = 152;
        pub(crate) const XTS: i32 = 160;
        pub(crate) const XTS_LEN: i32 = 168;
        pub(crate) const RESOLVE: i32 = 176;
    }

    const _: () = assert!(std::mem::offset_of!(Ctx, stop) == off::STOP as usize);
    const _: () = assert!(std::mem::offset_of!(Ctx, mem) == off::MEM as usize);
    const _: () = assert!(std::mem::offset_of!(Ctx, ip) == off::IP as usize);
    const _: () = assert!(std::mem::offset_of!(Ctx, callout) == off::CALLOUT as usize);
    const _: () = assert!(std::mem::offset_of!(Ctx, ls_hi) == off::LS_HI as usize);
    const _: () = assert!(std::mem::offset_of!(Ctx, ds_hi) == off::DS_HI as usize);
    const _: () = assert!(std::mem::offset_of!(Ctx, xts) == off::XTS as usize);
    const _: () = assert!(std::mem::offset_of!(Ctx, xts_len) == off::XTS_LEN as usize);
    const _: () = assert!(std::mem::offset_of!(Ctx, resolve) == off::RESOLVE as usize);

    /// A row of EXECUTE's table not yet filled, and one whose word has no
    /// machine code (any other value is the entry).
    pub(crate) const XT_UNKNOWN: usize = 0;
    pub(crate) const XT_NONE: usize = 1;

    /// What a word run by `Word(xt)` does, as native code may do it (a
    /// DOES> that changes a word forgets every translation).
    #[derive(Clone, Copy)]
    pub(crate) enum WordKind {
        /// Push this (a variable's or an array's address).
        Push(i64),
        /// Push the body, then call the DOES> code.
        Does(i64, u32),
        /// Anything else: the interpreter runs it.
        Other,
    }

    /// How native code ended.
    pub(crate) enum Exit {
        /// The word returned (its frame popped).
        Returned,
        /// It stopped before the instruction at this address.
        Stopped(u32),
        /// It could not be entered: nothing ran.
        Unentered,
    }

    /// The most native calls nested on the machine stack (16 bytes each);
    /// deeper, the interpreter makes the call.
    pub(crate) const MAX_NATIVE_NEST: usize = 4096;
    /// The most instructions one definition may have to be translated.
    pub(crate) const MAX_WORD: usize = 1 << 14;
}

pub(crate) use abi::{Ctx, Exit, MAX_NATIVE_NEST, WordKind, XT_NONE, XT_UNKNOWN};
/// The most definitions translated at once (a word and what it calls).
const MAX_BATCH: usize = 1024;
/// The most bytes of machine code one system keeps.
const MAX_NATIVE_BYTES: usize = 32 << 20;

/// The translated words of one system: their entry addresses by code
/// address, and the memory holding them.
#[derive(Default)]
pub(crate) struct Natives {
    /// Code address of a definition -> its entry; None when it cannot be
    /// translated (tried once).
    entries: HashMap<u32, Option<usize>>,
    regions: Vec<imp::Region>,
    bytes: usize,
    /// The highest code address any translation read.
    highest: u32,
    /// The entry stub, made once, and where in it a stop jumps.
    stub: Option<(imp::Region, usize)>,
    /// EXECUTE's table (`Ctx::xts`), emptied whenever a translation is
    /// forgotten or a word changes its kind (`by_xt_kinds` is the
    /// dictionary's count of such changes it was filled under).
    by_xt: Vec<usize>,
    by_xt_kinds: u64,
    /// False: everything runs in the interpreter.
    pub(crate) enabled: bool,
}

impl Natives {
    pub(crate) fn new() -> Natives {
        Natives {
            enabled: imp::SUPPORTED && std::env::var_os("PLAYFORTH_NO_JIT").is_none(),
            ..Default::default()
        }
    }

    /// The entry of the translated word at `at`, if there is one.
    #[inline]
    pub(crate) fn entry(&self, at: u32) -> Option<usize> {
        self.entries.get(&at).copied().flatten()
    }

    /// Forget the translations of code at or after `at` (the code was cut
    /// back or changed there). Their machine code stays mapped (a word
    /// translated before may still call it) but is never entered again.
    pub(crate) fn forget_from(&mut self, at: u32) {
        self.entries.retain(|&a, _| a < at);
        self.by_xt.clear();
    }

    /// Forget every translation (the code space was put back by `undo`,
    /// a word's kind changed), and free its machine code: nothing can
    /// enter it again, and none runs now (this is called from the
    /// compiler, DOES>, END-STRUCTURE and `undo`, never from a word
    /// machine code calls).
    pub(crate) fn forget_all(&mut self) {
        self.entries.clear();
        self.by_xt.clear();
        self.highest = 0;
        self.regions.clear();
        self.bytes = 0;
    }

    /// The instruction at `at` was replaced: forget every translation if
    /// one may have read it. (Only the definition being compiled has its
    /// branches resolved, after every translated word.)
    pub(crate) fn changed(&mut self, at: u32) {
        if at <= self.highest && !self.entries.is_empty() {
            self.forget_all();
        }
    }

    /// Translate the word at `at` and the words it calls, if not yet
    /// tried. `code` is the code space, read through `unfused`; `word`
    /// answers what `Word(xt)` pushes when that never changes, and
    /// `callable` which built-in words native code may run through
    /// `callout` (those that only compute on the stacks and data space,
    /// or print, and check before they change anything).
    pub(crate) fn prepare(
        &mut self,
        at: u32,
        code: &[Instr],
        word: &dyn Fn(u32) -> WordKind,
        callable: &dyn Fn(u16) -> bool,
    ) -> Vec<u32> {
        if !self.enabled || self.entries.contains_key(&at) {
            return vec![];
        }
        if self.bytes >= MAX_NATIVE_BYTES {
            self.entries.insert(at, None);
            return vec![];
        }
        // The word and every word it calls, not yet tried.
        let mut order = Vec::new();
        let mut seen = BTreeSet::new();
        let mut todo = vec![at];
        while let Some(w) = todo.pop() {
            if self.entries.contains_key(&w) || !seen.insert(w) || order.len() >= MAX_BATCH {
                continue;
            }
            match plan::Word::scan(code, w, callable, word) {
                Some(body) => {
                    todo.extend(body.callees());
                    // A word that stops at its first instruction is not
                    // worth entering (its calls are still made natively).
                    if !body.enterable() {
                        self.entries.insert(w, None);
                    }
                    order.push(body);
                }
                None => {
                    self.entries.insert(w, None);
                }
            }
        }
        if let Some(h) = order.iter().filter_map(|w| w.highest()).max() {
            self.highest = self.highest.max(h);
        }
        let scanned = order;
        let order: Vec<&plan::Word> = scanned.iter().filter(|w| w.enterable()).collect();
        if order.is_empty() {
            return vec![];
        }
        let batch: BTreeSet<u32> = order.iter().map(|w| w.start).collect();
        let known = |t: u32| self.entry(t);
        match imp::assemble(&order, &batch, &known, word) {
            Some((region, offsets)) => {
                let base = region.addr();
                self.bytes += region.len();
                for (w, o) in order.iter().zip(offsets) {
                    self.entries.insert(w.start, Some(base + o));
                }
                self.regions.push(region);
            }
            None => {
                for w in &order {
                    self.entries.insert(w.start, None);
                }
            }
        }
        // The calls of translated words in what was read (also where the
        // interpreter runs it, after a stop).
        let mut sites = Vec::new();
        for w in &scanned {
            for (ip, t) in w.calls() {
                if self.entry(t).is_some() {
                    sites.push(ip);
                }
            }
        }
        sites
    }

    /// EXECUTE's table, with a row for each of the `words` execution
    /// tokens, as native code reads it: its address and length. `kinds`
    /// is the dictionary's count of changes of kind: when it moved, every
    /// row is asked again (a word the table called may be forgotten).
    pub(crate) fn xt_table(&mut self, words: usize, kinds: u64) -> (usize, usize) {
        if kinds != self.by_xt_kinds {
            self.by_xt.clear();
            self.by_xt_kinds = kinds;
        }
        if self.by_xt.len() < words {
            self.by_xt.resize(words, XT_UNKNOWN);
        }
        (self.by_xt.as_ptr() as usize, self.by_xt.len())
    }

    /// Fill the row of `xt` (an execution token below the table's
    /// length) with `entry`, or XT_NONE.
    pub(crate) fn set_xt(&mut self, xt: usize, entry: Option<usize>) {
        if let Some(row) = self.by_xt.get_mut(xt) {
            *row = entry.unwrap_or(XT_NONE);
        }
    }

    /// The entry stub (made now if not yet) and where in it a stop
    /// jumps; None when there is no executable memory for it (a sandbox
    /// that refuses it): then nothing is translated from now on.
    pub(crate) fn stub(&mut self) -> Option<(usize, usize)> {
        if self.stub.is_none() {
            self.stub = imp::entry_stub();
        }
        match &self.stub {
            Some((region, stop)) => Some((region.addr(), *stop)),
            None => {
                self.enabled = false;
                None
            }
        }
    }
}

/// Run the translated word at `entry`, whose call frame is pushed, on the
/// machine state in `ctx`, through the entry stub `stub` (from
/// [`Natives::stub`]). A built-in word the code calls runs as
/// `prim(forth, ctx, id)`, which writes the depths in `ctx` back to the
/// stacks, runs it, and reads them again; false when it failed (the data
/// stack as it found it). EXECUTE of an execution token whose row in
/// `ctx.xts` is XT_UNKNOWN runs `find(forth, xt)`, which fills the row and
/// gives it (the entry, or XT_NONE).
pub(crate) fn run<T>(
    stub: (usize, usize),
    entry: usize,
    ctx: &mut Ctx,
    forth: &mut T,
    prim: fn(&mut T, &mut Ctx, u16) -> bool,
    find: fn(&mut T, u64) -> usize,
) -> Exit {
    ctx.forth = forth as *mut T as usize;
    ctx.prim = prim as usize;
    ctx.callout = callout::<T> as extern "C" fn(*mut Ctx, u64) -> u64 as usize;
    ctx.find = find as usize;
    ctx.resolve = resolve::<T> as extern "C" fn(*mut Ctx, u64) -> u64 as usize;
    imp::enter(stub, entry, ctx)
}

// The functions machine code calls are `extern "C"`: System V's calling
// convention on x86-64 Linux, the only place the tier runs, and a name
// every target knows (so the interpreter alone builds everywhere).

/// Native code's question for EXECUTE: the machine code of `xt`, or XT_NONE.
extern "C" fn resolve<T>(ctx: *mut Ctx, xt: u64) -> u64 {
    // SAFETY: as `callout`: only while `run::<T>` runs, with its Ctx, whose
    // `find` is a `fn(&mut T, u64) -> usize`.
    unsafe {
        let ctx = &mut *ctx;
        let forth = &mut *(ctx.forth as *mut T);
        let find: fn(&mut T, u64) -> usize = std::mem::transmute(ctx.find);
        find(forth, xt) as u64
    }
}

/// Native code's call of a built-in word: 1 when it ran, 0 when it failed.
extern "C" fn callout<T>(ctx: *mut Ctx, id: u64) -> u64 {
    // SAFETY: native code calls this only while `run::<T>` runs, with the
    // Ctx `run` filled: `forth` is the `&mut T` given to `run`, not used
    // by anything else until the code returns, and `prim` a
    // `fn(&mut T, &mut Ctx, u16) -> bool`. The Ctx is `run`'s.
    unsafe {
        let ctx = &mut *ctx;
        let forth = &mut *(ctx.forth as *mut T);
        let prim: fn(&mut T, &mut Ctx, u16) -> bool = std::mem::transmute(ctx.prim);
        prim(forth, ctx, id as u16) as u64
    }
}

mod plan;

#[cfg(all(
    any(target_arch = "x86_64", target_arch = "aarch64"),
    target_os = "linux"
))]
mod region;

#[cfg(all(target_arch = "x86_64", target_os = "linux"))]
mod x86_64;
#[cfg(all(target_arch = "x86_64", target_os = "linux"))]
use x86_64 as imp;

// (Compiled for tests on every Linux, where its encodings are checked.)
#[cfg(all(any(target_arch = "aarch64", test), target_os = "linux"))]
#[cfg_attr(not(target_arch = "aarch64"), allow(dead_code))]
mod aarch64;
#[cfg(all(target_arch = "aarch64", target_os = "linux"))]
use aarch64 as imp;

#[cfg(not(all(
    any(target_arch = "x86_64", target_arch = "aarch64"),
    target_os = "linux"
)))]
use fallback as imp;

#[cfg(not(all(
    any(target_arch = "x86_64", target_arch = "aarch64"),
    target_os = "linux"
)))]
mod fallback {
    //! No native tier on this processor or system.
    use super::abi::{Ctx, Exit, WordKind};
    use super::plan::Word;
    use std::collections::BTreeSet;
    pub(super) const SUPPORTED: bool = false;
    pub(super) struct Region;
    impl Region {
        pub(super) fn addr(&self) -> usize {
            0
        }
        pub(super) fn len(&self) -> usize {
            0
        }
    }
    pub(super) fn assemble(
        _: &[&Word],
        _: &BTreeSet<u32>,
        _: &dyn Fn(u32) -> Option<usize>,
        _: &dyn Fn(u32) -> WordKind,
    ) -> Option<(Region, Vec<usize>)> {
        None
    }
    pub(super) fn entry_stub() -> Option<(Region, usize)> {
        None
    }
    pub(super) fn enter(_: (usize, usize), _: usize, _: &mut Ctx) -> Exit {
        Exit::Unentered
    }
}
