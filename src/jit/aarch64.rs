//! The native tier's AArch64 back end: the entry stub, an assembler for
//! the few forms the words need, and the translator. It keeps the rules
//! and the machine state of the x86-64 one (jit.rs), in these registers:
//! x19 the [`Ctx`], x20 the data stack pointer (`&ds[sp]`), x21 the
//! return stack pointer, x22 the call stack pointer, x23 the running
//! word's return-stack base, x24 the data space's first byte and x25 the
//! highest data-space offset (less `GUARD_END`) a 16-byte access may
//! start at; x0–x17 are scratch. A native call pushes the interpreter's
//! frame, keeps x23 and the link register on the machine stack (16
//! bytes) and branches with link; EXIT pops the frame and returns.

use super::abi::{Ctx, Exit, WordKind, XT_NONE, off};
use super::plan::{Word, own_prim};
pub(super) use super::region::Region;
use crate::instr::Instr;
use crate::memory::{GUARD_END, MEM_SIZE};
use std::collections::{BTreeSet, HashMap};

pub(super) const SUPPORTED: bool = true;

// Registers.
const X0: u32 = 0;
const X1: u32 = 1;
const X2: u32 = 2;
const X3: u32 = 3;
const X4: u32 = 4;
const X5: u32 = 5;
const X9: u32 = 9;
const X10: u32 = 10;
const X16: u32 = 16;
const CTX: u32 = 19;
const DSP: u32 = 20;
const RSP: u32 = 21;
const CSP: u32 = 22;
const RBASE: u32 = 23;
const MEM: u32 = 24;
const MEM_LIMIT: u32 = 25;
const X26: u32 = 26;
const FP: u32 = 29;
const LR: u32 = 30;
/// The zero register, or the stack pointer, by instruction.
const ZR: u32 = 31;
const SP: u32 = 31;

// Conditions.
const EQ: u32 = 0;
const NE: u32 = 1;
const HS: u32 = 2;
const LO: u32 = 3;
const MI: u32 = 4;
const PL: u32 = 5;
const HI: u32 = 8;
const LS: u32 = 9;
const GE: u32 = 10;
const LT: u32 = 11;
const GT: u32 = 12;
const LE: u32 = 13;

/// The highest data-space offset, less GUARD_END, at which a 16-byte
/// access may start (x25): an address above it stops, whatever the width
/// (a stop near the top of data space only costs the interpreter's run).
const LIMIT: i64 = (MEM_SIZE - GUARD_END - 16) as i64;

// ---- the entry stub ----

/// Enter native code from Rust: save the callee-saved registers, load
/// the machine state from the Ctx, call the word; on its return or on a
/// stop, store the state back. Returns 0 (returned) or 1 (stopped).
pub(super) fn entry_stub() -> Option<(Region, usize)> {
    let mut a = Asm::default();
    a.put(0xA980_0000 | imm7(-96) | LR << 10 | SP << 5 | FP); // stp x29, x30, [sp, #-96]!
    a.stp(CTX, DSP, SP, 16);
    a.stp(RSP, CSP, SP, 32);
    a.stp(RBASE, MEM, SP, 48);
    a.stp(MEM_LIMIT, X26, SP, 64);
    a.mov(CTX, X0);
    a.ldr(DSP, CTX, off::DSP);
    a.ldr(RSP, CTX, off::RSP);
    a.ldr(CSP, CTX, off::CSP);
    a.ldr(RBASE, CTX, off::RBASE);
    a.ldr(MEM, CTX, off::MEM);
    a.mov_imm(MEM_LIMIT, LIMIT);
    a.put(0x9100_0000 | SP << 5 | X9); // mov x9, sp
    a.str(X9, CTX, off::SAVED_RSP);
    a.put(0xD63F_0000 | X1 << 5); // blr x1
    a.mov_imm(X0, 0);
    let done = a.b_fwd();
    // The stop: `ctx.stop` points here.
    let stop_at = a.here();
    a.ldr(X9, CTX, off::SAVED_RSP);
    a.put(0x9100_0000 | X9 << 5 | SP); // mov sp, x9
    a.mov_imm(X0, 1);
    a.bind(done);
    a.str(DSP, CTX, off::DSP);
    a.str(RSP, CTX, off::RSP);
    a.str(CSP, CTX, off::CSP);
    a.str(RBASE, CTX, off::RBASE);
    a.ldp(MEM_LIMIT, X26, SP, 64);
    a.ldp(RBASE, MEM, SP, 48);
    a.ldp(RSP, CSP, SP, 32);
    a.ldp(CTX, DSP, SP, 16);
    a.put(0xA8C0_0000 | imm7(96) | LR << 10 | SP << 5 | FP); // ldp x29, x30, [sp], #96
    a.put(RET);
    if a.too_far {
        return None;
    }
    Some((Region::new(&a.bytes())?, stop_at))
}

pub(super) fn enter((stub, stop): (usize, usize), entry: usize, ctx: &mut Ctx) -> Exit {
    ctx.stop = stub + stop;
    // SAFETY: the stub was assembled above for this signature (the C
    // calling convention: ctx in x0, the word in x1), and `entry` is the
    // start of a word assembled by `assemble`, still mapped (regions live
    // as long as the system). The Ctx points at this system's stacks and
    // data space, which nothing else touches while the code runs, and the
    // code stays inside them (its checks are the interpreter's).
    let f: extern "C" fn(*mut Ctx, usize) -> u64 = unsafe { std::mem::transmute(stub) };
    match f(ctx, entry) {
        0 => Exit::Returned,
        _ => Exit::Stopped(ctx.ip as u32),
    }
}

// ---- an AArch64 assembler: the few forms the words need ----

const RET: u32 = 0xD65F_03C0;

fn imm7(bytes: i32) -> u32 {
    (((bytes / 8) as u32) & 0x7F) << 15
}

#[derive(Default)]
struct Asm {
    code: Vec<u32>,
    /// A branch could not reach its target: the translation is given up.
    too_far: bool,
}

/// A forward branch to bind later: its index and kind.
#[derive(Clone, Copy)]
struct Fwd(usize, Reach);

#[derive(Clone, Copy)]
enum Reach {
    /// B and BL: 26 bits of instructions.
    Far,
    /// B.cond, CBZ, CBNZ: 19 bits.
    Near,
}

impl Asm {
    fn put(&mut self, w: u32) {
        self.code.push(w);
    }
    fn here(&self) -> usize {
        self.code.len() * 4
    }
    fn bytes(&self) -> Vec<u8> {
        self.code.iter().flat_map(|w| w.to_le_bytes()).collect()
    }
    /// `ldr xt, [xn, #disp]` (disp a multiple of 8, 0..32760).
    fn ldr(&mut self, t: u32, n: u32, disp: i32) {
        self.put(0xF940_0000 | (disp as u32 / 8) << 10 | n << 5 | t);
    }
    fn str(&mut self, t: u32, n: u32, disp: i32) {
        self.put(0xF900_0000 | (disp as u32 / 8) << 10 | n << 5 | t);
    }
    /// `ldur`/`stur` (disp -256..255), else through x16.
    fn ldur(&mut self, t: u32, n: u32, disp: i32) {
        if (-256..256).contains(&disp) {
            self.put(0xF840_0000 | ((disp as u32) & 0x1FF) << 12 | n << 5 | t);
        } else {
            self.add_imm(X16, n, disp as i64);
            self.put(0xF940_0000 | X16 << 5 | t);
        }
    }
    fn stur(&mut self, t: u32, n: u32, disp: i32) {
        if (-256..256).contains(&disp) {
            self.put(0xF800_0000 | ((disp as u32) & 0x1FF) << 12 | n << 5 | t);
        } else {
            self.add_imm(X16, n, disp as i64);
            self.put(0xF900_0000 | X16 << 5 | t);
        }
    }
    fn stp(&mut self, t: u32, t2: u32, n: u32, disp: i32) {
        self.put(0xA900_0000 | imm7(disp) | t2 << 10 | n << 5 | t);
    }
    fn ldp(&mut self, t: u32, t2: u32, n: u32, disp: i32) {
        self.put(0xA940_0000 | imm7(disp) | t2 << 10 | n << 5 | t);
    }
    /// `str xt, [xn], #8` (push on a stack growing up).
    fn push(&mut self, t: u32, n: u32) {
        self.put(0xF800_0400 | 8 << 12 | n << 5 | t);
    }
    /// `stp xt, xt2, [xn], #16`.
    fn push2(&mut self, t: u32, t2: u32, n: u32) {
        self.put(0xA880_0000 | imm7(16) | t2 << 10 | n << 5 | t);
    }
    /// `stp x23, x30, [sp, #-16]!` and back.
    fn save_link(&mut self) {
        self.put(0xA9BF_0000 | LR << 10 | SP << 5 | RBASE);
    }
    fn restore_link(&mut self) {
        self.put(0xA8C1_0000 | LR << 10 | SP << 5 | RBASE);
    }
    /// `mov xd, xm` (not sp).
    fn mov(&mut self, d: u32, m: u32) {
        self.put(0xAA00_03E0 | m << 16 | d);
    }
    fn mov_imm(&mut self, d: u32, v: i64) {
        let u = v as u64;
        if (-0x1_0000..0).contains(&v) {
            // movn xd, #(!v)
            self.put(0x9280_0000 | ((!u as u32) & 0xFFFF) << 5 | d);
            return;
        }
        let mut first = true;
        for hw in 0..4 {
            let part = ((u >> (16 * hw)) & 0xFFFF) as u32;
            if part == 0 {
                continue;
            }
            let op = if first { 0xD280_0000 } else { 0xF280_0000 };
            self.put(op | hw << 21 | part << 5 | d);
            first = false;
        }
        if first {
            self.put(0xD280_0000 | d); // movz xd, #0
        }
    }
    /// `xd = xn + v` (xn may be sp only when v fits).
    fn add_imm(&mut self, d: u32, n: u32, v: i64) {
        let (op, m) = if v < 0 {
            (0xD100_0000, v.unsigned_abs())
        } else {
            (0x9100_0000, v as u64)
        };
        if m < 4096 {
            self.put(op | (m as u32) << 10 | n << 5 | d);
        } else if m & 0xFFF == 0 && m < (1 << 24) {
            self.put(op | 1 << 22 | ((m >> 12) as u32) << 10 | n << 5 | d);
        } else {
            self.mov_imm(X16, v);
            self.rrr(0x8B00_0000, d, n, X16);
        }
    }
    /// A three-register instruction `op xd, xn, xm`.
    fn rrr(&mut self, op: u32, d: u32, n: u32, m: u32) {
        self.put(op | m << 16 | n << 5 | d);
    }
    fn cmp(&mut self, n: u32, m: u32) {
        self.rrr(0xEB00_0000, ZR, n, m);
    }
    /// `cmp xn, #v` (0..4095) or `cmn xn, #-v`.
    fn cmp_imm(&mut self, n: u32, v: i32) {
        if v >= 0 {
            self.put(0xF100_0000 | (v as u32) << 10 | n << 5 | ZR);
        } else {
            self.put(0xB100_0000 | ((-v) as u32) << 10 | n << 5 | ZR);
        }
    }
    /// `csetm xd, cc`: all ones when cc holds, else 0.
    fn csetm(&mut self, d: u32, cc: u32) {
        self.put(0xDA80_0000 | ZR << 16 | (cc ^ 1) << 12 | ZR << 5 | d);
    }
    /// `csel xd, xn, xm, cc`.
    fn csel(&mut self, d: u32, n: u32, m: u32, cc: u32) {
        self.put(0x9A80_0000 | m << 16 | cc << 12 | n << 5 | d);
    }
    fn blr(&mut self, n: u32) {
        self.put(0xD63F_0000 | n << 5);
    }
    fn b_fwd(&mut self) -> Fwd {
        self.put(0x1400_0000);
        Fwd(self.code.len() - 1, Reach::Far)
    }
    fn bl_fwd(&mut self) -> Fwd {
        self.put(0x9400_0000);
        Fwd(self.code.len() - 1, Reach::Far)
    }
    fn bcc_fwd(&mut self, cc: u32) -> Fwd {
        self.put(0x5400_0000 | cc);
        Fwd(self.code.len() - 1, Reach::Near)
    }
    /// `cbz xt` (`nonzero`: `cbnz`).
    fn cbz_fwd(&mut self, t: u32, nonzero: bool) -> Fwd {
        self.put(0xB400_0000 | (nonzero as u32) << 24 | t);
        Fwd(self.code.len() - 1, Reach::Near)
    }
    fn bind(&mut self, f: Fwd) {
        self.patch(f, self.here());
    }
    /// Point the branch `f` at byte offset `to`.
    fn patch(&mut self, f: Fwd, to: usize) {
        let rel = (to as i64 - (f.0 * 4) as i64) / 4;
        let w = &mut self.code[f.0];
        match f.1 {
            Reach::Far if (-(1 << 25)..(1 << 25)).contains(&rel) => {
                *w |= (rel as u32) & 0x03FF_FFFF;
            }
            Reach::Near if (-(1 << 18)..(1 << 18)).contains(&rel) => {
                *w |= ((rel as u32) & 0x7_FFFF) << 5;
            }
            _ => self.too_far = true,
        }
    }
}

/// `ds[top - k]` (k = 1 is the top cell) as a displacement from x20.
fn ds(k: i32) -> i32 {
    -8 * k
}

// ---- translation ----

/// Translate a batch of words into one block of machine code: the block
/// and each word's offset in it. `batch` are the words in it (called by
/// offset), `known` the words translated before (called by address); a
/// call of any other word stops there.
pub(super) fn assemble(
    words: &[&Word],
    batch: &BTreeSet<u32>,
    known: &dyn Fn(u32) -> Option<usize>,
    word: &dyn Fn(u32) -> WordKind,
) -> Option<(Region, Vec<usize>)> {
    let mut a = Asm::default();
    let mut offsets = Vec::new();
    let mut calls: Vec<(Fwd, u32)> = Vec::new();
    for &w in words {
        offsets.push(a.here());
        Translator {
            a: &mut a,
            w,
            labels: HashMap::new(),
            jumps: Vec::new(),
            stops: Vec::new(),
            batch,
            known,
            word,
            calls: &mut calls,
        }
        .run()?;
    }
    let at: HashMap<u32, usize> = words
        .iter()
        .zip(&offsets)
        .map(|(w, &o)| (w.start, o))
        .collect();
    for (f, t) in calls {
        a.patch(f, *at.get(&t)?);
    }
    if a.too_far {
        return None;
    }
    let region = Region::new(&a.bytes())?;
    Some((region, offsets))
}

struct Translator<'a> {
    a: &'a mut Asm,
    w: &'a Word,
    labels: HashMap<u32, usize>,
    jumps: Vec<(Fwd, u32)>,
    /// Branches to a stop before the instruction at this address.
    stops: Vec<(Fwd, u32)>,
    batch: &'a BTreeSet<u32>,
    known: &'a dyn Fn(u32) -> Option<usize>,
    word: &'a dyn Fn(u32) -> WordKind,
    calls: &'a mut Vec<(Fwd, u32)>,
}

impl Translator<'_> {
    fn run(mut self) -> Option<()> {
        for step in self.w.layout() {
            if let Some((need, grow)) = step.run {
                self.labels.insert(step.ip, self.a.here());
                self.check_segment(step.ip, need, grow);
            }
            self.instr(step.ip, step.instr);
            if step.jump_next {
                let j = self.a.b_fwd();
                self.jumps.push((j, step.ip + 1));
            }
        }
        for (f, t) in std::mem::take(&mut self.jumps) {
            let to = *self.labels.get(&t)?;
            self.a.patch(f, to);
        }
        // The stops, out of the way: the address, then the stub's exit.
        let mut stub_at: HashMap<u32, usize> = HashMap::new();
        for (f, ip) in std::mem::take(&mut self.stops) {
            let to = *stub_at.entry(ip).or_insert_with(|| {
                let at = self.a.here();
                self.a.mov_imm(X9, ip as i64);
                self.a.str(X9, CTX, off::IP);
                self.a.ldr(X9, CTX, off::STOP);
                self.a.put(0xD61F_0000 | X9 << 5); // br x9
                at
            });
            self.a.patch(f, to);
        }
        Some(())
    }

    /// Stop before `ip` when the condition `cc` holds.
    fn stop_if(&mut self, cc: u32, ip: u32) {
        let f = self.a.bcc_fwd(cc);
        self.stops.push((f, ip));
    }

    fn stop(&mut self, ip: u32) {
        let f = self.a.b_fwd();
        self.stops.push((f, ip));
    }

    /// Stop before `ip` when `t` is zero (`nonzero`: is not zero).
    fn stop_cbz(&mut self, t: u32, nonzero: bool, ip: u32) {
        let f = self.a.cbz_fwd(t, nonzero);
        self.stops.push((f, ip));
    }

    /// The run starting at `ip`: stop before it unless the data stack
    /// holds as many cells as its deepest point takes, and has room for
    /// its highest.
    fn check_segment(&mut self, start: u32, need: i32, grow: i32) {
        if need > 0 {
            self.a.add_imm(X9, DSP, -8 * need as i64);
            self.a.ldr(X10, CTX, off::DS_LO);
            self.a.cmp(X9, X10);
            self.stop_if(LO, start);
        }
        if grow > 0 {
            self.a.add_imm(X9, DSP, 8 * grow as i64);
            self.a.ldr(X10, CTX, off::DS_HI);
            self.a.cmp(X9, X10);
            self.stop_if(HI, start);
        }
    }

    /// Stop before `ip` unless the data-space address in `r` is that of
    /// up to 16 bytes of data space.
    fn check_addr(&mut self, r: u32, ip: u32) {
        self.a.add_imm(X9, r, -(GUARD_END as i64));
        self.a.cmp(X9, MEM_LIMIT);
        self.stop_if(HI, ip);
    }

    /// Stop before `ip` if Ctrl-C was pressed.
    fn poll(&mut self, ip: u32) {
        self.a.ldr(X9, CTX, off::IRQ);
        self.a.put(0x3940_0000 | X9 << 5 | X9); // ldrb w9, [x9]
        self.stop_cbz(X9, true, ip);
    }

    /// Stop before `ip` unless the running word has at least `n` cells of
    /// its own on the return stack.
    fn rneed(&mut self, n: i32, ip: u32) {
        self.a.add_imm(X9, RBASE, 8 * n as i64);
        self.a.cmp(RSP, X9);
        self.stop_if(LO, ip);
    }

    /// Stop before `ip` unless the return stack has room for `n` cells.
    fn rroom(&mut self, n: i32, ip: u32) {
        self.a.add_imm(X9, RSP, 8 * n as i64);
        self.a.ldr(X10, CTX, off::RS_HI);
        self.a.cmp(X9, X10);
        self.stop_if(HI, ip);
    }

    /// Is the word at `t` translated (in this batch or before)?
    fn can_call(&self, t: u32) -> bool {
        self.batch.contains(&t) || (self.known)(t).is_some()
    }

    /// A call's checks: room on the call stack (and the machine stack),
    /// and Ctrl-C.
    fn call_checks(&mut self, ip: u32) {
        self.a.ldr(X9, CTX, off::CALLS_HI);
        self.a.cmp(CSP, X9);
        self.stop_if(HS, ip);
        self.poll(ip);
    }

    /// A call's frame, returning to `next` (`next | rbase index << 32`, as
    /// the interpreter's); the caller's return-stack base and link
    /// register on the machine stack, the callee's base. Uses x9, x10.
    fn frame(&mut self, next: u32) {
        self.a.ldr(X10, CTX, off::RS_LO);
        self.a.rrr(0xCB00_0000, X9, RBASE, X10); // sub x9, x23, x10
        self.a
            .put(0xD340_0000 | (64 - 29) << 16 | (63 - 29) << 10 | X9 << 5 | X9); // lsl x9, x9, #29
        self.a.mov_imm(X10, next as i64);
        self.a.rrr(0xAA00_0000, X9, X9, X10); // orr x9, x9, x10
        self.a.push(X9, CSP);
        self.a.save_link();
        self.a.mov(RBASE, RSP);
    }

    /// Call the word at `t` (translated: `can_call`), returning to `next`.
    fn call(&mut self, t: u32, next: u32) {
        self.frame(next);
        if self.batch.contains(&t) {
            let f = self.a.bl_fwd();
            self.calls.push((f, t));
        } else if let Some(addr) = (self.known)(t) {
            self.a.mov_imm(X9, addr as i64);
            self.a.blr(X9);
        }
        self.a.restore_link();
    }

    /// Call Rust: the function at `[ctx + at]`, with ctx and `x1` as
    /// arguments (the link register kept on the machine stack).
    fn call_rust(&mut self, at: i32) {
        self.a.mov(X0, CTX);
        self.a.ldr(X9, CTX, at);
        self.a.save_link();
        self.a.blr(X9);
        self.a.restore_link();
    }

    /// EXECUTE (`pop`: the token on the stack) or a deferred word of the
    /// execution token in x0, at `ip`: as the x86-64 back end's.
    fn execute(&mut self, ip: u32, pop: bool) {
        self.a.ldr(X9, CTX, off::XTS_LEN);
        self.a.cmp(X0, X9);
        self.stop_if(HS, ip);
        self.a.ldr(X9, CTX, off::XTS);
        self.a.rrr(0xF860_7800, X2, X9, X0); // ldr x2, [x9, x0, lsl #3]
        self.a.cmp_imm(X2, XT_NONE as i32);
        let known = self.a.bcc_fwd(HI);
        self.stop_if(EQ, ip);
        // Not asked yet: resolve(ctx, xt).
        self.a.mov(X1, X0);
        self.call_rust(off::RESOLVE);
        self.a.mov(X2, X0);
        self.a.cmp_imm(X2, XT_NONE as i32);
        self.stop_if(LS, ip);
        self.a.bind(known);
        self.call_checks(ip);
        if pop {
            self.sp_add(-1);
        }
        self.frame(ip + 1);
        self.a.blr(X2);
        self.a.restore_link();
    }

    fn jump_to(&mut self, cc: Option<u32>, t: u32) {
        let f = match cc {
            Some(c) => self.a.bcc_fwd(c),
            None => self.a.b_fwd(),
        };
        self.jumps.push((f, t));
    }

    fn sp_add(&mut self, cells: i32) {
        if cells != 0 {
            self.a.add_imm(DSP, DSP, 8 * cells as i64);
        }
    }

    fn ld(&mut self, r: u32, k: i32) {
        self.a.ldur(r, DSP, ds(k));
    }

    fn st(&mut self, k: i32, r: u32) {
        self.a.stur(r, DSP, ds(k));
    }

    fn push_imm(&mut self, v: i64) {
        self.a.mov_imm(X0, v);
        self.a.push(X0, DSP);
    }

    /// `second op= top`, drop the top.
    fn binary(&mut self, op: u32) {
        self.ld(X0, 2);
        self.ld(X1, 1);
        self.a.rrr(op, X0, X0, X1);
        self.st(2, X0);
        self.sp_add(-1);
    }

    /// `second top cmp` as a flag.
    fn compare(&mut self, cc: u32) {
        self.ld(X0, 2);
        self.ld(X1, 1);
        self.a.cmp(X0, X1);
        self.a.csetm(X0, cc);
        self.st(2, X0);
        self.sp_add(-1);
    }

    fn test_top(&mut self, cc: u32) {
        self.ld(X0, 1);
        self.a.cmp_imm(X0, 0);
        self.a.csetm(X0, cc);
        self.st(1, X0);
    }

    /// The top cell changed by one instruction `op x0, x0, ...`.
    fn unary(&mut self, op: u32) {
        self.ld(X0, 1);
        self.a.put(op);
        self.st(1, X0);
    }

    fn instr(&mut self, ip: u32, i: Instr) {
        use Instr::*;
        let next = ip + 1;
        match i {
            Lit(v) => self.push_imm(v),
            Str(addr, len) => {
                self.push_imm(addr as i64);
                self.push_imm(len as i64);
            }
            Word(xt) => match (self.word)(xt) {
                WordKind::Push(v) => self.push_imm(v),
                WordKind::Does(body, code) => {
                    if !self.can_call(code) {
                        self.stop(ip);
                        return;
                    }
                    self.call_checks(ip);
                    self.push_imm(body);
                    self.call(code, next);
                }
                WordKind::Other => self.stop(ip),
            },
            Prim(crate::instr::PICK_ID) => {
                // u pick: stop unless 0 <= u < depth - 1 (unsigned).
                self.ld(X0, 1);
                self.a.ldr(X9, CTX, off::DS_LO);
                self.a.rrr(0xCB00_0000, X1, DSP, X9); // sub x1, x20, x9
                self.a.put(0xD343_FC00 | X1 << 5 | X1); // lsr x1, x1, #3
                self.a.add_imm(X1, X1, -1);
                self.a.cmp(X0, X1);
                self.stop_if(HS, ip);
                self.a.rrr(0xCB00_0C00, X1, DSP, X0); // sub x1, x20, x0, lsl #3
                self.a.ldur(X0, X1, -16);
                self.st(1, X0);
            }
            Prim(crate::instr::UNLOOP_ID) => {
                self.rneed(2, ip);
                self.a.add_imm(RSP, RSP, -16);
            }
            Prim(id @ (crate::instr::TWO_R_FROM_ID | crate::instr::TWO_R_FETCH_ID)) => {
                self.rneed(2, ip);
                self.a.ldur(X0, RSP, -16);
                self.a.ldur(X1, RSP, -8);
                self.a.push2(X0, X1, DSP);
                if id == crate::instr::TWO_R_FROM_ID {
                    self.a.add_imm(RSP, RSP, -16);
                }
            }
            Value(addr) => {
                let a = addr as i64;
                if a >= GUARD_END as i64 && a <= (MEM_SIZE - 8) as i64 {
                    self.a.mov_imm(X9, a);
                    self.a.rrr(0xF860_6800, X0, MEM, X9); // ldr x0, [x24, x9]
                    self.a.push(X0, DSP);
                } else {
                    self.stop(ip);
                }
            }
            Execute => {
                self.ld(X0, 1);
                self.execute(ip, true);
            }
            Defer(addr) => {
                let a = addr as i64;
                if a >= GUARD_END as i64 && a <= (MEM_SIZE - 8) as i64 {
                    self.a.mov_imm(X9, a);
                    self.a.rrr(0xF860_6800, X0, MEM, X9);
                    self.execute(ip, false);
                } else {
                    self.stop(ip);
                }
            }
            Prim(crate::instr::CHARS_ID) | Case => {}
            Prim(id) if !own_prim(id) && self.w.callable.contains(&id) => {
                // The depths to the Ctx, the word's body in Rust, the
                // depths back.
                self.a.str(DSP, CTX, off::DSP);
                self.a.str(RSP, CTX, off::RSP);
                self.a.str(CSP, CTX, off::CSP);
                self.a.str(RBASE, CTX, off::RBASE);
                self.a.mov_imm(X1, id as i64);
                self.call_rust(off::CALLOUT);
                self.a.ldr(DSP, CTX, off::DSP);
                self.a.ldr(RSP, CTX, off::RSP);
                self.stop_cbz(X0, false, ip);
            }
            Dup => {
                self.ld(X0, 1);
                self.a.push(X0, DSP);
            }
            Drop | EndCase => self.sp_add(-1),
            Swap => {
                self.ld(X0, 1);
                self.ld(X1, 2);
                self.st(2, X0);
                self.st(1, X1);
            }
            Over => {
                self.ld(X0, 2);
                self.a.push(X0, DSP);
            }
            Rot | MinusRot => {
                self.ld(X0, 3);
                self.ld(X1, 2);
                self.ld(X2, 1);
                if i == Rot {
                    self.st(3, X1);
                    self.st(2, X2);
                    self.st(1, X0);
                } else {
                    self.st(3, X2);
                    self.st(2, X0);
                    self.st(1, X1);
                }
            }
            Nip => {
                self.ld(X0, 1);
                self.st(2, X0);
                self.sp_add(-1);
            }
            Tuck => {
                self.ld(X0, 2);
                self.ld(X1, 1);
                self.st(2, X1);
                self.st(1, X0);
                self.a.push(X1, DSP);
            }
            QDup => {
                self.ld(X0, 1);
                let skip = self.a.cbz_fwd(X0, false);
                self.a.push(X0, DSP);
                self.a.bind(skip);
            }
            TwoDup => {
                self.ld(X0, 2);
                self.ld(X1, 1);
                self.a.push2(X0, X1, DSP);
            }
            TwoDrop => self.sp_add(-2),
            Plus => self.binary(0x8B00_0000),
            Minus => self.binary(0xCB00_0000),
            And => self.binary(0x8A00_0000),
            Or => self.binary(0xAA00_0000),
            Xor => self.binary(0xCA00_0000),
            Star => self.binary(0x9B00_7C00), // mul
            Min | Max => {
                self.ld(X0, 2);
                self.ld(X1, 1);
                self.a.cmp(X0, X1);
                self.a.csel(X0, X0, X1, if i == Min { LE } else { GE });
                self.st(2, X0);
                self.sp_add(-1);
            }
            LShift | RShift => {
                self.ld(X1, 1);
                self.ld(X0, 2);
                // lslv/lsrv x2, x0, x1; then 0 where the count is not 0..63
                let op = if i == LShift {
                    0x9AC0_2000
                } else {
                    0x9AC0_2400
                };
                self.a.rrr(op, X2, X0, X1);
                self.a.cmp_imm(X1, 64);
                self.a.csel(X0, X2, ZR, LO);
                self.st(2, X0);
                self.sp_add(-1);
            }
            Slash | Mod => {
                self.ld(X1, 1);
                self.stop_cbz(X1, false, ip);
                self.ld(X0, 2);
                // i64::MIN / -1 overflows: the interpreter reports it.
                self.a.cmp_imm(X1, -1);
                let ok = self.a.bcc_fwd(NE);
                self.a.mov_imm(X9, i64::MIN);
                self.a.cmp(X0, X9);
                self.stop_if(EQ, ip);
                self.a.bind(ok);
                self.a.rrr(0x9AC0_0C00, X2, X0, X1); // sdiv x2, x0, x1
                self.a.put(0x9B00_8000 | X1 << 16 | X0 << 10 | X2 << 5 | X3); // msub x3, x2, x1, x0
                // Floored: where the remainder's sign is not the divisor's.
                let exact = self.a.cbz_fwd(X3, false);
                self.a.rrr(0xCA00_0000, X9, X3, X1); // eor x9, x3, x1
                self.a.cmp_imm(X9, 0);
                let same = self.a.bcc_fwd(PL);
                self.a.add_imm(X2, X2, -1);
                self.a.rrr(0x8B00_0000, X3, X3, X1);
                self.a.bind(exact);
                self.a.bind(same);
                self.st(2, if i == Slash { X2 } else { X3 });
                self.sp_add(-1);
            }
            OnePlus | CharPlus => self.unary(0x9100_0400), // add x0, x0, #1
            OneMinus => self.unary(0xD100_0400),           // sub x0, x0, #1
            CellPlus => self.unary(0x9100_2000),           // add x0, x0, #8
            Negate => self.unary(0xCB00_03E0),             // neg x0, x0
            Invert => self.unary(0xAA20_03E0),             // mvn x0, x0
            TwoStar => self.unary(0xD37F_F800),            // lsl x0, x0, #1
            TwoSlash => self.unary(0x9341_FC00),           // asr x0, x0, #1
            Cells => self.unary(0xD37D_F000),              // lsl x0, x0, #3
            Equal => self.compare(EQ),
            NotEqual => self.compare(NE),
            Less => self.compare(LT),
            Greater => self.compare(GT),
            ULess => self.compare(LO),
            UGreater => self.compare(HI),
            ZeroEqual => self.test_top(EQ),
            ZeroNotEqual => self.test_top(NE),
            ZeroLess => self.test_top(LT),
            ZeroGreater => self.test_top(GT),
            Fetch | CFetch => {
                self.ld(X0, 1);
                self.check_addr(X0, ip);
                let op = if i == Fetch { 0xF860_6800 } else { 0x3860_6800 }; // ldr / ldrb
                self.a.rrr(op, X0, MEM, X0);
                self.st(1, X0);
            }
            Store | PlusStore | CStore => {
                self.ld(X0, 1);
                self.check_addr(X0, ip);
                self.ld(X1, 2);
                match i {
                    Store => self.a.rrr(0xF820_6800, X1, MEM, X0),
                    CStore => self.a.rrr(0x3820_6800, X1, MEM, X0),
                    _ => {
                        self.a.rrr(0xF860_6800, X2, MEM, X0);
                        self.a.rrr(0x8B00_0000, X2, X2, X1);
                        self.a.rrr(0xF820_6800, X2, MEM, X0);
                    }
                }
                self.sp_add(-2);
            }
            TwoFetch => {
                self.ld(X0, 1);
                self.check_addr(X0, ip);
                self.a.rrr(0x8B00_0000, X0, X0, MEM);
                self.a.ldp(X1, X2, X0, 0);
                self.st(1, X2);
                self.st(0, X1);
                self.sp_add(1);
            }
            TwoStore => {
                self.ld(X0, 1);
                self.check_addr(X0, ip);
                self.a.rrr(0x8B00_0000, X0, X0, MEM);
                self.ld(X1, 2);
                self.ld(X2, 3);
                self.a.stp(X1, X2, X0, 0);
                self.sp_add(-3);
            }
            ToR => {
                self.rroom(1, ip);
                self.ld(X0, 1);
                self.a.push(X0, RSP);
                self.sp_add(-1);
            }
            RFrom | RFetch | I | J => {
                let n = if i == J { 3 } else { 1 };
                self.rneed(n, ip);
                self.a.ldur(X0, RSP, -8 * n);
                if i == RFrom {
                    self.a.add_imm(RSP, RSP, -8);
                }
                self.a.push(X0, DSP);
            }
            // DO and 2>R move the same two cells the same way.
            Do | Prim(crate::instr::TWO_TO_R_ID) => {
                self.rroom(2, ip);
                self.ld(X0, 2);
                self.ld(X1, 1);
                self.a.push2(X0, X1, RSP);
                self.sp_add(-2);
            }
            QDo(exit) => {
                self.ld(X0, 2);
                self.ld(X1, 1);
                self.a.cmp(X0, X1);
                let go = self.a.bcc_fwd(NE);
                self.sp_add(-2);
                self.jump_to(None, exit);
                self.a.bind(go);
                self.rroom(2, ip);
                self.a.push2(X0, X1, RSP);
                self.sp_add(-2);
            }
            Loop(body) => {
                self.rneed(2, ip);
                self.a.ldur(X0, RSP, -8);
                self.a.add_imm(X0, X0, 1);
                self.a.ldur(X1, RSP, -16);
                self.a.cmp(X0, X1);
                let end = self.a.bcc_fwd(EQ);
                self.poll(ip);
                self.a.stur(X0, RSP, -8);
                self.jump_to(None, body);
                self.a.bind(end);
                self.a.add_imm(RSP, RSP, -16);
            }
            PlusLoop(body) => {
                self.rneed(2, ip);
                self.ld(X1, 1); // step
                self.a.ldur(X0, RSP, -8);
                self.a.ldur(X2, RSP, -16);
                self.a.rrr(0xCB00_0000, X2, X0, X2); // old = index - limit
                // x3 = old + step; x4 = old ^ new; x5 = old ^ step
                self.a.rrr(0x8B00_0000, X3, X2, X1);
                self.a.rrr(0xCA00_0000, X4, X2, X3);
                self.a.rrr(0xCA00_0000, X5, X2, X1);
                self.a.rrr(0xEA00_0000, X4, X4, X5); // ands x4, x4, x5
                let end = self.a.bcc_fwd(MI);
                self.poll(ip);
                self.a.rrr(0x8B00_0000, X0, X0, X1);
                self.a.stur(X0, RSP, -8);
                self.sp_add(-1);
                self.jump_to(None, body);
                self.a.bind(end);
                self.a.add_imm(RSP, RSP, -16);
                self.sp_add(-1);
            }
            Leave(exit) => {
                self.rneed(2, ip);
                self.a.add_imm(RSP, RSP, -16);
                self.jump_to(None, exit);
            }
            Of(skip) => {
                self.ld(X0, 1);
                self.ld(X1, 2);
                self.a.cmp(X0, X1);
                let differ = self.a.bcc_fwd(NE);
                self.sp_add(-2);
                self.jump_to(None, next);
                self.a.bind(differ);
                self.sp_add(-1);
                self.jump_to(None, skip);
            }
            Branch(t) => {
                if t <= ip {
                    self.poll(ip);
                }
                self.jump_to(None, t);
            }
            ZBranch(t) => {
                self.ld(X0, 1);
                if t <= ip {
                    let stay = self.a.cbz_fwd(X0, true);
                    self.poll(ip);
                    self.sp_add(-1);
                    self.jump_to(None, t);
                    self.a.bind(stay);
                    self.sp_add(-1);
                } else {
                    self.sp_add(-1);
                    let f = self.a.cbz_fwd(X0, false);
                    self.jumps.push((f, t));
                }
            }
            Exit => {
                self.a.cmp(RSP, RBASE);
                self.stop_if(NE, ip);
                self.a.add_imm(CSP, CSP, -8);
                self.a.put(RET);
            }
            Call(t) => {
                if !self.can_call(t) {
                    self.stop(ip);
                    return;
                }
                self.call_checks(ip);
                self.call(t, next);
            }
            LocalsEnter(args, vals) => {
                let (args, vals) = (args as i32, vals as i32);
                self.a.ldr(X0, CTX, off::LSP);
                self.a.add_imm(X1, X0, 8 * (args + vals) as i64);
                self.a.ldr(X9, CTX, off::LS_HI);
                self.a.cmp(X1, X9);
                self.stop_if(HI, ip);
                // The deepest argument becomes the oldest local.
                for k in 0..args {
                    self.ld(X2, args - k);
                    self.a.stur(X2, X0, 8 * k);
                }
                for k in args..args + vals {
                    self.a.stur(ZR, X0, 8 * k);
                }
                self.a.str(X1, CTX, off::LSP);
                self.sp_add(-args);
            }
            LocalFetch(n) | LocalStore(n) | LocalAdd(n) => {
                // x1 = the local's cell, if the frame has it
                self.a.ldr(X1, CTX, off::LSP);
                self.a.add_imm(X1, X1, -8 * (n as i64 + 1));
                self.a.ldr(X9, CTX, off::LS_LO);
                self.a.cmp(X1, X9);
                self.stop_if(LO, ip);
                match i {
                    LocalFetch(_) => {
                        self.a.ldr(X0, X1, 0);
                        self.a.push(X0, DSP);
                    }
                    LocalStore(_) => {
                        self.ld(X0, 1);
                        self.a.str(X0, X1, 0);
                        self.sp_add(-1);
                    }
                    _ => {
                        self.ld(X0, 1);
                        self.a.ldr(X2, X1, 0);
                        self.a.rrr(0x8B00_0000, X2, X2, X0);
                        self.a.str(X2, X1, 0);
                        self.sp_add(-1);
                    }
                }
            }
            LocalsExit(n) => {
                // lsp = max(ls_lo, lsp - 8n)
                self.a.ldr(X0, CTX, off::LSP);
                self.a.ldr(X1, CTX, off::LS_LO);
                self.a.rrr(0xCB00_0000, X2, X0, X1); // x2 = lsp - lo
                self.a.mov_imm(X3, 8 * n as i64);
                self.a.cmp(X2, X3);
                self.a.rrr(0xCB00_0000, X3, X0, X3); // x3 = lsp - 8n
                self.a.csel(X0, X1, X3, LO);
                self.a.str(X0, CTX, off::LSP);
            }
            _ => self.stop(ip),
        }
    }
}

/// The assembler's encodings against GNU as's (aarch64-linux-gnu-as and
/// objdump, binutils 2.40): this module is compiled and tested on x86-64
/// too, where CI runs, though only AArch64 runs its code.
#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn encodings_are_gnu_as_encodings() {
        type Emit = fn(&mut Asm);
        let cases: Vec<(u32, &str, Emit)> = vec![
            (0xa9ba7bfd, "stp x29, x30, [sp, #-96]!", |a| {
                a.put(0xA980_0000 | imm7(-96) | LR << 10 | SP << 5 | FP)
            }),
            (0xa90153f3, "stp x19, x20, [sp, #16]", |a| {
                a.stp(CTX, DSP, SP, 16)
            }),
            (0xa8c67bfd, "ldp x29, x30, [sp], #96", |a| {
                a.put(0xA8C0_0000 | imm7(96) | LR << 10 | SP << 5 | FP)
            }),
            (0xf9400274, "ldr x20, [x19]", |a| a.ldr(DSP, CTX, 0)),
            (0xf9000674, "str x20, [x19, #8]", |a| a.str(DSP, CTX, 8)),
            (0xf9405a69, "ldr x9, [x19, #176]", |a| a.ldr(X9, CTX, 176)),
            (0xf85f8280, "ldur x0, [x20, #-8]", |a| a.ldur(X0, DSP, -8)),
            (0xf81f0281, "stur x1, [x20, #-16]", |a| a.stur(X1, DSP, -16)),
            (0xf85e82a0, "ldur x0, [x21, #-24]", |a| a.ldur(X0, RSP, -24)),
            (0xf8008680, "str x0, [x20], #8", |a| a.push(X0, DSP)),
            (0xa88106a0, "stp x0, x1, [x21], #16", |a| {
                a.push2(X0, X1, RSP)
            }),
            (0xa9bf7bf7, "stp x23, x30, [sp, #-16]!", |a| a.save_link()),
            (0xa8c17bf7, "ldp x23, x30, [sp], #16", |a| a.restore_link()),
            (0xaa0003f3, "mov x19, x0", |a| a.mov(CTX, X0)),
            (0xd2800000, "mov x0, #0", |a| a.mov_imm(X0, 0)),
            (0x92800009, "mov x9, #-1", |a| a.mov_imm(X9, -1)),
            (0xd2f00009, "mov x9, #MIN", |a| a.mov_imm(X9, i64::MIN)),
            (0x91004289, "add x9, x20, #16", |a| a.add_imm(X9, DSP, 16)),
            (0xd1006289, "sub x9, x20, #24", |a| a.add_imm(X9, DSP, -24)),
            (0xd1400409, "sub x9, x0, #1, lsl #12", |a| {
                a.add_imm(X9, X0, -4096)
            }),
            (0x8b010000, "add x0, x0, x1", |a| {
                a.rrr(0x8B00_0000, X0, X0, X1)
            }),
            (0xea050084, "ands x4, x4, x5", |a| {
                a.rrr(0xEA00_0000, X4, X4, X5)
            }),
            (0x9b017c00, "mul x0, x0, x1", |a| {
                a.rrr(0x9B00_7C00, X0, X0, X1)
            }),
            (0x9ac10c02, "sdiv x2, x0, x1", |a| {
                a.rrr(0x9AC0_0C00, X2, X0, X1)
            }),
            (0x9b018043, "msub x3, x2, x1, x0", |a| {
                a.put(0x9B00_8000 | X1 << 16 | X0 << 10 | X2 << 5 | X3)
            }),
            (0x9ac12002, "lsl x2, x0, x1", |a| {
                a.rrr(0x9AC0_2000, X2, X0, X1)
            }),
            (0xeb01001f, "cmp x0, x1", |a| a.cmp(X0, X1)),
            (0xf101003f, "cmp x1, #64", |a| a.cmp_imm(X1, 64)),
            (0xb100043f, "cmn x1, #1", |a| a.cmp_imm(X1, -1)),
            (0xda9fa3e0, "csetm x0, lt", |a| a.csetm(X0, LT)),
            (0x9a9f3040, "csel x0, x2, xzr, lo", |a| {
                a.csel(X0, X2, ZR, LO)
            }),
            (0x9a81d000, "csel x0, x0, x1, le", |a| {
                a.csel(X0, X0, X1, LE)
            }),
            (0xd3638929, "lsl x9, x9, #29", |a| {
                a.put(0xD340_0000 | (64 - 29) << 16 | (63 - 29) << 10 | X9 << 5 | X9)
            }),
            (0xcb000e81, "sub x1, x20, x0, lsl #3", |a| {
                a.rrr(0xCB00_0C00, X1, DSP, X0)
            }),
            (0xf8607922, "ldr x2, [x9, x0, lsl #3]", |a| {
                a.rrr(0xF860_7800, X2, X9, X0)
            }),
            (0xf8606b00, "ldr x0, [x24, x0]", |a| {
                a.rrr(0xF860_6800, X0, MEM, X0)
            }),
            (0x38206b01, "strb w1, [x24, x0]", |a| {
                a.rrr(0x3820_6800, X1, MEM, X0)
            }),
            (0xd63f0120, "blr x9", |a| a.blr(X9)),
            (0xd65f03c0, "ret", |a| a.put(RET)),
            (0x910003e9, "mov x9, sp", |a| {
                a.put(0x9100_0000 | SP << 5 | X9)
            }),
            (0x9100013f, "mov sp, x9", |a| {
                a.put(0x9100_0000 | X9 << 5 | SP)
            }),
        ];
        for (want, text, emit) in cases {
            let mut a = Asm::default();
            emit(&mut a);
            assert_eq!(a.code, vec![want], "{text}: {:08x?} not {want:08x}", a.code);
        }
        // Two-word immediates, in GNU as's order.
        let mut a = Asm::default();
        a.mov_imm(X9, 0x5678_1234);
        assert_eq!(a.code, vec![0xd2824689, 0xf2aacf09], "mov x9, #0x56781234");
    }

    #[test]
    fn branches_reach_their_targets_or_give_the_translation_up() {
        let mut a = Asm::default();
        let f = a.bcc_fwd(NE);
        a.put(RET);
        a.bind(f);
        // b.ne +8, as GNU as encodes `b.ne .+8`.
        assert_eq!(a.code[0], 0x5400_0041);
        let mut a = Asm::default();
        let f = a.cbz_fwd(X0, false);
        a.code.resize(1 << 18, RET);
        a.bind(f);
        assert!(
            a.too_far,
            "a conditional branch 1 MiB ahead cannot be encoded"
        );
        let mut a = Asm::default();
        let f = a.b_fwd();
        a.code.resize(1 << 18, RET);
        a.bind(f);
        assert!(!a.too_far);
        assert_eq!(a.code[0], 0x1400_0000 | (1 << 18));
    }
}
