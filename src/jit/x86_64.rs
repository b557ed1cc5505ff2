//! The native tier's x86-64 back end: the entry stub, an assembler for the
//! few forms the words need, and the translator (see jit.rs for the
//! registers and the rules every translation keeps).

use super::abi::{Ctx, Exit, WordKind, XT_NONE, off};
use super::plan::{Word, own_prim};
pub(super) use super::region::Region;
use crate::instr::Instr;
use crate::memory::{GUARD_END, MEM_SIZE};
use std::collections::{BTreeSet, HashMap};

pub(super) const SUPPORTED: bool = true;

// ---- the entry stub ----

/// Enter native code from Rust: save the callee-saved registers, load
/// the machine state from the Ctx, call the word; on its return or on
/// a stop, store the state back. Returns 0 (returned) or 1 (stopped).
pub(super) fn entry_stub() -> Option<(Region, usize)> {
    let mut a = Asm::default();
    for r in [RBX, RBP, R12, R13, R14, R15] {
        a.push(r);
    }
    a.alu_ri(5, RSP, 8); // sub rsp, 8: the machine stack 16-aligned
    a.mov_rr(RBX, RDI);
    a.load(R12, RBX, off::DSP);
    a.load(R13, RBX, off::RSP);
    a.load(R15, RBX, off::CSP);
    a.load(RBP, RBX, off::RBASE);
    a.load(R14, RBX, off::MEM);
    a.store(RBX, off::SAVED_RSP, RSP);
    a.call_r(RSI);
    a.alu_rr(0x31, RAX, RAX); // xor eax, eax: returned
    let done = a.jmp_fwd();
    // The stop: `ctx.stop` points here.
    let stop_at = a.code.len();
    a.load(RSP, RBX, off::SAVED_RSP);
    a.mov_ri(RAX, 1);
    a.bind_fwd(done);
    a.store(RBX, off::DSP, R12);
    a.store(RBX, off::RSP, R13);
    a.store(RBX, off::CSP, R15);
    a.store(RBX, off::RBASE, RBP);
    a.alu_ri(0, RSP, 8);
    for r in [R15, R14, R13, R12, RBP, RBX] {
        a.pop(r);
    }
    a.byte(0xC3);
    Some((Region::new(&a.code)?, stop_at))
}

pub(super) fn enter((stub, stop): (usize, usize), entry: usize, ctx: &mut Ctx) -> Exit {
    ctx.stop = stub + stop;
    // SAFETY: the stub was assembled above for this signature (System
    // V: ctx in rdi, the word in rsi), and `entry` is the start of a
    // word assembled by `assemble`, still mapped (regions live as long
    // as the system). The Ctx points at this system's stacks and data
    // space, which nothing else touches while the code runs, and the
    // code stays inside them (its checks are the interpreter's).
    let f: extern "sysv64" fn(*mut Ctx, usize) -> u64 = unsafe { std::mem::transmute(stub) };
    match f(ctx, entry) {
        0 => Exit::Returned,
        _ => Exit::Stopped(ctx.ip as u32),
    }
}

// ---- an x86-64 assembler: the few forms the words need ----

const RAX: u8 = 0;
const RCX: u8 = 1;
const RDX: u8 = 2;
const RBX: u8 = 3;
const RSP: u8 = 4;
const RBP: u8 = 5;
const RSI: u8 = 6;
const RDI: u8 = 7;
const R12: u8 = 12;
const R13: u8 = 13;
const R14: u8 = 14;
const R15: u8 = 15;

// Condition codes.
const CC_B: u8 = 2;
const CC_AE: u8 = 3;
const CC_BE: u8 = 6;
const CC_E: u8 = 4;
const CC_NE: u8 = 5;
const CC_A: u8 = 7;
const CC_S: u8 = 8;
const CC_L: u8 = 0xC;
const CC_G: u8 = 0xF;

#[derive(Default)]
struct Asm {
    code: Vec<u8>,
}

/// A forward jump's rel32, to bind later.
#[derive(Clone, Copy)]
struct Fwd(usize);

impl Asm {
    fn byte(&mut self, b: u8) {
        self.code.push(b);
    }
    fn bytes(&mut self, b: &[u8]) {
        self.code.extend_from_slice(b);
    }
    fn i32(&mut self, v: i32) {
        self.bytes(&v.to_le_bytes());
    }
    fn rex(&mut self, w: bool, reg: u8, index: u8, base: u8) {
        self.byte(0x40 | (w as u8) << 3 | (reg >> 3) << 2 | (index >> 3) << 1 | (base >> 3));
    }
    /// `op reg, [base + disp]` (REX always, W as given).
    fn mem(&mut self, w: bool, op: &[u8], reg: u8, base: u8, disp: i32) {
        self.rex(w, reg, 0, base);
        self.bytes(op);
        let short = (-128..128).contains(&disp);
        let m = if short { 0x40 } else { 0x80 };
        self.byte(m | (reg & 7) << 3 | (base & 7));
        if base & 7 == 4 {
            self.byte(0x24);
        }
        if short {
            self.byte(disp as i8 as u8);
        } else {
            self.i32(disp);
        }
    }
    /// `op reg, [base + index]`.
    fn mem_idx(&mut self, w: bool, op: &[u8], reg: u8, base: u8, index: u8) {
        self.rex(w, reg, index, base);
        self.bytes(op);
        self.byte(0x44 | (reg & 7) << 3);
        self.byte((index & 7) << 3 | (base & 7));
        self.byte(0);
    }
    /// `op reg, rm` (registers).
    fn rr(&mut self, w: bool, op: &[u8], reg: u8, rm: u8) {
        self.rex(w, reg, 0, rm);
        self.bytes(op);
        self.byte(0xC0 | (reg & 7) << 3 | (rm & 7));
    }
    fn load(&mut self, r: u8, base: u8, disp: i32) {
        self.mem(true, &[0x8B], r, base, disp);
    }
    fn store(&mut self, base: u8, disp: i32, r: u8) {
        self.mem(true, &[0x89], r, base, disp);
    }
    fn mov_rr(&mut self, dst: u8, src: u8) {
        self.rr(true, &[0x89], src, dst);
    }
    fn mov_ri(&mut self, r: u8, v: i64) {
        if let Ok(v) = i32::try_from(v) {
            self.rr(true, &[0xC7], 0, r);
            self.i32(v);
        } else {
            self.rex(true, 0, 0, r);
            self.byte(0xB8 + (r & 7));
            self.bytes(&v.to_le_bytes());
        }
    }
    /// `op rm, reg` with a two-register ALU opcode (0x01 add, 0x29
    /// sub, 0x21 and, 0x09 or, 0x31 xor, 0x39 cmp, 0x85 test).
    fn alu_rr(&mut self, op: u8, rm: u8, reg: u8) {
        self.rr(true, &[op], reg, rm);
    }
    /// Group-1 `op rm, imm` (0 add, 1 or, 4 and, 5 sub, 6 xor, 7 cmp).
    fn alu_ri(&mut self, digit: u8, rm: u8, v: i32) {
        if (-128..128).contains(&v) {
            self.rr(true, &[0x83], digit, rm);
            self.byte(v as i8 as u8);
        } else {
            self.rr(true, &[0x81], digit, rm);
            self.i32(v);
        }
    }
    /// Group-1 `op qword [base + disp], imm8`.
    fn alu_mi8(&mut self, digit: u8, base: u8, disp: i32, v: i8) {
        self.mem(true, &[0x83], digit, base, disp);
        self.byte(v as u8);
    }
    fn push(&mut self, r: u8) {
        self.rex(false, 0, 0, r);
        self.byte(0x50 + (r & 7));
    }
    fn pop(&mut self, r: u8) {
        self.rex(false, 0, 0, r);
        self.byte(0x58 + (r & 7));
    }
    fn call_r(&mut self, r: u8) {
        self.rr(false, &[0xFF], 2, r);
    }
    fn setcc_flag(&mut self, cc: u8) {
        // setcc al; movzx eax, al; neg rax
        self.rr(false, &[0x0F, 0x90 + cc], 0, RAX);
        self.rr(true, &[0x0F, 0xB6], RAX, RAX);
        self.rr(true, &[0xF7], 3, RAX);
    }
    fn jcc_fwd(&mut self, cc: u8) -> Fwd {
        self.bytes(&[0x0F, 0x80 + cc]);
        self.i32(0);
        Fwd(self.code.len())
    }
    fn jmp_fwd(&mut self) -> Fwd {
        self.byte(0xE9);
        self.i32(0);
        Fwd(self.code.len())
    }
    fn bind_fwd(&mut self, f: Fwd) {
        self.patch(f, self.code.len());
    }
    fn patch(&mut self, f: Fwd, to: usize) {
        let rel = (to as i64 - f.0 as i64) as i32;
        self.code[f.0 - 4..f.0].copy_from_slice(&rel.to_le_bytes());
    }
    /// `ds[top - k]` (k = 1 is the top cell) as a displacement from r12.
    fn ds(k: i32) -> i32 {
        -8 * k
    }
}

/// Translate a batch of words into one block of machine code: the
/// block and each word's offset in it. `batch` are the words in it
/// (called by offset), `known` the words translated before (called by
/// address); a call of any other word stops there.
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
        offsets.push(a.code.len());
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
    let region = Region::new(&a.code)?;
    Some((region, offsets))
}

struct Translator<'a> {
    a: &'a mut Asm,
    w: &'a Word,
    labels: HashMap<u32, usize>,
    jumps: Vec<(Fwd, u32)>,
    /// Jumps to a stop before the instruction at this address.
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
                self.labels.insert(step.ip, self.a.code.len());
                self.check_segment(step.ip, need, grow);
            }
            self.instr(step.ip, step.instr);
            if step.jump_next {
                let j = self.a.jmp_fwd();
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
                let at = self.a.code.len();
                // mov dword [rbx + IP], ip ; mov dword [rbx + IP + 4], 0
                self.a.mem(false, &[0xC7], 0, RBX, off::IP);
                self.a.i32(ip as i32);
                self.a.mem(false, &[0xC7], 0, RBX, off::IP + 4);
                self.a.i32(0);
                // jmp [rbx + STOP]
                self.a.mem(false, &[0xFF], 4, RBX, off::STOP);
                at
            });
            self.a.patch(f, to);
        }
        Some(())
    }

    /// Stop before `ip` when the condition `cc` holds.
    fn stop_if(&mut self, cc: u8, ip: u32) {
        let f = self.a.jcc_fwd(cc);
        self.stops.push((f, ip));
    }

    fn stop(&mut self, ip: u32) {
        let f = self.a.jmp_fwd();
        self.stops.push((f, ip));
    }

    /// The run starting at `ip`: stop before it unless the data stack
    /// holds as many cells as its deepest point takes, and has room
    /// for its highest.
    fn check_segment(&mut self, start: u32, need: i32, grow: i32) {
        if need == 0 && grow == 0 {
            return;
        }
        if need > 0 {
            // lea rax, [r12 - 8 * need]; cmp rax, [ds_lo]; jb stop
            self.a.mem(true, &[0x8D], RAX, R12, -8 * need);
            self.a.mem(true, &[0x3B], RAX, RBX, off::DS_LO);
            self.stop_if(CC_B, start);
        }
        if grow > 0 {
            // lea rax, [r12 + 8 * grow]; cmp rax, [ds_hi]; ja stop
            self.a.mem(true, &[0x8D], RAX, R12, 8 * grow);
            self.a.mem(true, &[0x3B], RAX, RBX, off::DS_HI);
            self.stop_if(CC_A, start);
        }
    }

    /// Stop before `ip` if the address in `r` is not that of `n`
    /// bytes of data space.
    fn check_addr(&mut self, r: u8, n: i32, ip: u32) {
        // lea rcx, [r - GUARD_END]; cmp rcx, MEM_SIZE - n - GUARD_END; ja stop
        self.a.mem(true, &[0x8D], RCX, r, -(GUARD_END as i32));
        self.a
            .alu_ri(7, RCX, MEM_SIZE as i32 - n - GUARD_END as i32);
        self.stop_if(CC_A, ip);
    }

    /// Stop before `ip` if Ctrl-C was pressed.
    fn poll(&mut self, ip: u32) {
        self.a.load(RAX, RBX, off::IRQ);
        // cmp byte [rax], 0
        self.a.mem(false, &[0x80], 7, RAX, 0);
        self.a.byte(0);
        self.stop_if(CC_NE, ip);
    }

    /// Stop before `ip` unless the running word has at least `n`
    /// cells of its own on the return stack.
    fn rneed(&mut self, n: i32, ip: u32) {
        self.a.mem(true, &[0x8D], RAX, RBP, 8 * n);
        self.a.alu_rr(0x39, R13, RAX); // cmp r13, rax
        self.stop_if(CC_B, ip);
    }

    /// Is the word at `t` translated (in this batch or before)?
    fn can_call(&self, t: u32) -> bool {
        self.batch.contains(&t) || (self.known)(t).is_some()
    }

    /// A call's checks: room on the call stack (and the machine
    /// stack), and Ctrl-C.
    fn call_checks(&mut self, ip: u32) {
        self.a.mem(true, &[0x3B], R15, RBX, off::CALLS_HI);
        self.stop_if(CC_AE, ip);
        self.poll(ip);
    }

    /// Call the word at `t` (translated: `can_call`), returning to `next`.
    fn call(&mut self, t: u32, next: u32) {
        self.frame(next);
        if self.batch.contains(&t) {
            self.a.byte(0xE8);
            self.a.i32(0);
            let f = Fwd(self.a.code.len());
            self.calls.push((f, t));
        } else if let Some(addr) = (self.known)(t) {
            self.a.mov_ri(RAX, addr as i64);
            self.a.call_r(RAX);
        }
        self.a.pop(RBP);
    }

    /// A call's frame, returning to `next` (`next | rbase index << 32`,
    /// as the interpreter's), and the callee's return-stack base; the
    /// caller's is kept on the machine stack (popped after the call).
    /// Uses rax only.
    fn frame(&mut self, next: u32) {
        self.a.mov_rr(RAX, RBP);
        self.a.mem(true, &[0x2B], RAX, RBX, off::RS_LO);
        self.a.rr(true, &[0xC1], 4, RAX);
        self.a.byte(29);
        self.a.alu_ri(1, RAX, next as i32);
        self.a.store(R15, 0, RAX);
        self.a.alu_ri(0, R15, 8);
        self.a.push(RBP);
        self.a.mov_rr(RBP, R13);
    }

    /// EXECUTE (`pop`: the token on the stack) or a deferred word of
    /// the execution token in rax, at `ip`: a call of its machine code,
    /// found in EXECUTE's table (asked for once, `resolve`); anything
    /// else, or a token out of the table, stops before `ip`, where the
    /// interpreter runs it (or reports it).
    fn execute(&mut self, ip: u32, pop: bool) {
        // cmp rax, [xts_len]; jae stop
        self.a.mem(true, &[0x3B], RAX, RBX, off::XTS_LEN);
        self.stop_if(CC_AE, ip);
        // rdx = xts[rax]
        self.a.mov_rr(RDX, RAX);
        self.a.rr(true, &[0xC1], 4, RDX); // shl rdx, 3
        self.a.byte(3);
        self.a.mem(true, &[0x03], RDX, RBX, off::XTS); // add rdx, [xts]
        self.a.load(RDX, RDX, 0);
        self.a.alu_ri(7, RDX, XT_NONE as i32);
        let known = self.a.jcc_fwd(CC_A);
        self.stop_if(CC_E, ip);
        // Not asked yet: resolve(ctx, xt), 16-aligned as a callout.
        self.a.mov_rr(RDI, RBX);
        self.a.mov_rr(RSI, RAX);
        self.a.alu_ri(5, RSP, 8);
        self.a.mem(false, &[0xFF], 2, RBX, off::RESOLVE);
        self.a.alu_ri(0, RSP, 8);
        self.a.mov_rr(RDX, RAX);
        self.a.alu_ri(7, RDX, XT_NONE as i32);
        self.stop_if(CC_BE, ip);
        self.a.bind_fwd(known);
        self.call_checks(ip);
        if pop {
            self.sp_add(-1);
        }
        self.frame(ip + 1);
        self.a.call_r(RDX);
        self.a.pop(RBP);
    }

    /// Stop before `ip` unless the return stack has room for `n` cells.
    fn rroom(&mut self, n: i32, ip: u32) {
        self.a.mem(true, &[0x8D], RAX, R13, 8 * n);
        self.a.mem(true, &[0x3B], RAX, RBX, off::RS_HI); // cmp rax, [rs_hi]
        self.stop_if(CC_A, ip);
    }

    fn jump_to(&mut self, cc: Option<u8>, t: u32) {
        let f = match cc {
            Some(c) => self.a.jcc_fwd(c),
            None => self.a.jmp_fwd(),
        };
        self.jumps.push((f, t));
    }

    fn sp_add(&mut self, cells: i32) {
        match cells {
            0 => {}
            c if c > 0 => self.a.alu_ri(0, R12, c * 8),
            c => self.a.alu_ri(5, R12, -c * 8),
        }
    }

    fn ld(&mut self, r: u8, k: i32) {
        self.a.load(r, R12, Asm::ds(k));
    }

    fn st(&mut self, k: i32, r: u8) {
        self.a.store(R12, Asm::ds(k), r);
    }

    /// Push rax.
    fn push_rax(&mut self) {
        self.st(0, RAX);
        self.sp_add(1);
    }

    fn push_imm(&mut self, v: i64) {
        if let Ok(v32) = i32::try_from(v) {
            // mov qword [r12], imm32
            self.a.mem(true, &[0xC7], 0, R12, 0);
            self.a.i32(v32);
        } else {
            self.a.mov_ri(RAX, v);
            self.st(0, RAX);
        }
        self.sp_add(1);
    }

    /// `second op= top`, drop the top.
    fn binary_alu(&mut self, op: u8) {
        self.ld(RAX, 1);
        self.a.mem(true, &[op], RAX, R12, Asm::ds(2));
        self.sp_add(-1);
    }

    fn compare(&mut self, cc: u8) {
        self.ld(RAX, 2);
        self.a.mem(true, &[0x3B], RAX, R12, Asm::ds(1)); // cmp rax, top
        self.a.setcc_flag(cc);
        self.st(2, RAX);
        self.sp_add(-1);
    }

    fn test_top(&mut self, cc: u8) {
        // cmp qword [r12-8], 0
        self.a.alu_mi8(7, R12, Asm::ds(1), 0);
        self.a.setcc_flag(cc);
        self.st(1, RAX);
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
                    // As the interpreter: the call's checks, then the
                    // body pushed and the DOES> code called.
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
                self.ld(RAX, 1);
                self.a.mov_rr(RCX, R12);
                self.a.mem(true, &[0x2B], RCX, RBX, off::DS_LO);
                self.a.rr(true, &[0xC1], 5, RCX); // shr rcx, 3
                self.a.byte(3);
                self.a.alu_ri(5, RCX, 1);
                self.a.alu_rr(0x39, RAX, RCX); // cmp rax, rcx
                self.stop_if(CC_AE, ip);
                self.a.rr(true, &[0xC1], 4, RAX); // shl rax, 3
                self.a.byte(3);
                self.a.mov_rr(RCX, R12);
                self.a.alu_rr(0x29, RCX, RAX); // sub rcx, rax
                self.a.load(RAX, RCX, -16);
                self.st(1, RAX);
            }
            Prim(crate::instr::UNLOOP_ID) => {
                self.rneed(2, ip);
                self.a.alu_ri(5, R13, 16);
            }
            Prim(id @ (crate::instr::TWO_R_FROM_ID | crate::instr::TWO_R_FETCH_ID)) => {
                self.rneed(2, ip);
                self.a.load(RAX, R13, -16);
                self.st(0, RAX);
                self.a.load(RAX, R13, -8);
                self.st(-1, RAX);
                self.sp_add(2);
                if id == crate::instr::TWO_R_FROM_ID {
                    self.a.alu_ri(5, R13, 16);
                }
            }
            Value(addr) => {
                let a = addr as i64;
                if a >= GUARD_END as i64 && a <= (MEM_SIZE - 8) as i64 {
                    self.a.load(RAX, R14, addr as i32);
                    self.push_rax();
                } else {
                    self.stop(ip);
                }
            }
            Execute => {
                self.ld(RAX, 1);
                self.execute(ip, true);
            }
            Defer(addr) => {
                let a = addr as i64;
                if a >= GUARD_END as i64 && a <= (MEM_SIZE - 8) as i64 {
                    self.a.load(RAX, R14, addr as i32);
                    self.execute(ip, false);
                } else {
                    self.stop(ip);
                }
            }
            Prim(crate::instr::CHARS_ID) | Case => {}
            Prim(id) if !own_prim(id) && self.w.callable.contains(&id) => {
                // The depths to the Ctx, the word's body in Rust, the
                // depths back (the machine stack 16-aligned for it).
                self.a.store(RBX, off::DSP, R12);
                self.a.store(RBX, off::RSP, R13);
                self.a.store(RBX, off::CSP, R15);
                self.a.store(RBX, off::RBASE, RBP);
                self.a.mov_rr(RDI, RBX);
                self.a.mov_ri(RSI, id as i64);
                self.a.alu_ri(5, RSP, 8);
                self.a.mem(false, &[0xFF], 2, RBX, off::CALLOUT);
                self.a.alu_ri(0, RSP, 8);
                self.a.load(R12, RBX, off::DSP);
                self.a.load(R13, RBX, off::RSP);
                self.a.alu_rr(0x85, RAX, RAX);
                self.stop_if(CC_E, ip);
            }
            Dup => {
                self.ld(RAX, 1);
                self.push_rax();
            }
            Drop | EndCase => self.sp_add(-1),
            Swap => {
                self.ld(RAX, 1);
                self.ld(RCX, 2);
                self.st(2, RAX);
                self.st(1, RCX);
            }
            Over => {
                self.ld(RAX, 2);
                self.push_rax();
            }
            Rot | MinusRot => {
                self.ld(RAX, 3);
                self.ld(RCX, 2);
                self.ld(RDX, 1);
                if i == Rot {
                    self.st(3, RCX);
                    self.st(2, RDX);
                    self.st(1, RAX);
                } else {
                    self.st(3, RDX);
                    self.st(2, RAX);
                    self.st(1, RCX);
                }
            }
            Nip => {
                self.ld(RAX, 1);
                self.st(2, RAX);
                self.sp_add(-1);
            }
            Tuck => {
                self.ld(RAX, 2);
                self.ld(RCX, 1);
                self.st(2, RCX);
                self.st(1, RAX);
                self.st(0, RCX);
                self.sp_add(1);
            }
            QDup => {
                self.ld(RAX, 1);
                self.a.alu_rr(0x85, RAX, RAX);
                let skip = self.a.jcc_fwd(CC_E);
                self.push_rax();
                self.a.bind_fwd(skip);
            }
            TwoDup => {
                self.ld(RAX, 2);
                self.ld(RCX, 1);
                self.st(0, RAX);
                self.st(-1, RCX);
                self.sp_add(2);
            }
            TwoDrop => self.sp_add(-2),
            Plus => self.binary_alu(0x01),
            Minus => self.binary_alu(0x29),
            And => self.binary_alu(0x21),
            Or => self.binary_alu(0x09),
            Xor => self.binary_alu(0x31),
            Star => {
                self.ld(RAX, 2);
                self.a.mem(true, &[0x0F, 0xAF], RAX, R12, Asm::ds(1));
                self.st(2, RAX);
                self.sp_add(-1);
            }
            Min | Max => {
                self.ld(RAX, 2);
                self.ld(RCX, 1);
                self.a.alu_rr(0x39, RAX, RCX); // cmp rax, rcx
                // min: take rcx if rax > rcx; max: if rax < rcx
                let cc = if i == Min { CC_G } else { CC_L };
                self.a.rr(true, &[0x0F, 0x40 + cc], RAX, RCX);
                self.st(2, RAX);
                self.sp_add(-1);
            }
            LShift | RShift => {
                self.ld(RCX, 1);
                self.ld(RAX, 2);
                // shl/shr rax, cl; then 0 where the count is not 0..63
                let digit = if i == LShift { 4 } else { 5 };
                self.a.rr(true, &[0xD3], digit, RAX);
                self.a.alu_rr(0x31, RDX, RDX);
                self.a.alu_ri(7, RCX, 64);
                self.a.rr(true, &[0x0F, 0x40 + CC_AE], RAX, RDX);
                self.st(2, RAX);
                self.sp_add(-1);
            }
            Slash | Mod => {
                self.ld(RCX, 1);
                self.a.alu_rr(0x85, RCX, RCX);
                self.stop_if(CC_E, ip);
                self.ld(RAX, 2);
                // i64::MIN / -1 overflows: the interpreter reports it.
                self.a.alu_ri(7, RCX, -1);
                let ok = self.a.jcc_fwd(CC_NE);
                self.a.mov_ri(RDX, i64::MIN);
                self.a.alu_rr(0x39, RAX, RDX);
                self.stop_if(CC_E, ip);
                self.a.bind_fwd(ok);
                self.a.bytes(&[0x48, 0x99]); // cqo
                self.a.rr(true, &[0xF7], 7, RCX); // idiv rcx
                // Floored: where the remainder's sign is not the divisor's.
                self.a.alu_rr(0x85, RDX, RDX);
                let exact = self.a.jcc_fwd(CC_E);
                self.a.mov_rr(RSI, RDX);
                self.a.alu_rr(0x31, RSI, RCX);
                let same = self.a.jcc_fwd(9); // jns
                self.a.alu_ri(5, RAX, 1);
                self.a.alu_rr(0x01, RDX, RCX);
                self.a.bind_fwd(exact);
                self.a.bind_fwd(same);
                self.st(2, if i == Slash { RAX } else { RDX });
                self.sp_add(-1);
            }
            OnePlus => self.a.alu_mi8(0, R12, Asm::ds(1), 1),
            OneMinus => self.a.alu_mi8(5, R12, Asm::ds(1), 1),
            CellPlus => self.a.alu_mi8(0, R12, Asm::ds(1), 8),
            CharPlus => self.a.alu_mi8(0, R12, Asm::ds(1), 1),
            Negate => self.a.mem(true, &[0xF7], 3, R12, Asm::ds(1)),
            Invert => self.a.mem(true, &[0xF7], 2, R12, Asm::ds(1)),
            TwoStar => self.a.mem(true, &[0xD1], 4, R12, Asm::ds(1)),
            TwoSlash => self.a.mem(true, &[0xD1], 7, R12, Asm::ds(1)),
            Cells => {
                self.a.mem(true, &[0xC1], 4, R12, Asm::ds(1));
                self.a.byte(3);
            }
            Equal => self.compare(CC_E),
            NotEqual => self.compare(CC_NE),
            Less => self.compare(CC_L),
            Greater => self.compare(CC_G),
            ULess => self.compare(CC_B),
            UGreater => self.compare(CC_A),
            ZeroEqual => self.test_top(CC_E),
            ZeroNotEqual => self.test_top(CC_NE),
            ZeroLess => self.test_top(CC_L),
            ZeroGreater => self.test_top(CC_G),
            Fetch => {
                self.ld(RAX, 1);
                self.check_addr(RAX, 8, ip);
                self.a.mem_idx(true, &[0x8B], RAX, R14, RAX);
                self.st(1, RAX);
            }
            CFetch => {
                self.ld(RAX, 1);
                self.check_addr(RAX, 1, ip);
                self.a.mem_idx(true, &[0x0F, 0xB6], RAX, R14, RAX);
                self.st(1, RAX);
            }
            Store | PlusStore => {
                self.ld(RAX, 1);
                self.check_addr(RAX, 8, ip);
                self.ld(RCX, 2);
                let op = if i == Store { 0x89 } else { 0x01 };
                self.a.mem_idx(true, &[op], RCX, R14, RAX);
                self.sp_add(-2);
            }
            CStore => {
                self.ld(RAX, 1);
                self.check_addr(RAX, 1, ip);
                self.ld(RCX, 2);
                self.a.mem_idx(false, &[0x88], RCX, R14, RAX);
                self.sp_add(-2);
            }
            TwoFetch => {
                self.ld(RAX, 1);
                self.check_addr(RAX, 16, ip);
                self.a.add_base(RAX);
                self.a.load(RCX, RAX, 0);
                self.a.load(RDX, RAX, 8);
                self.st(1, RDX);
                self.st(0, RCX);
                self.sp_add(1);
            }
            TwoStore => {
                self.ld(RAX, 1);
                self.check_addr(RAX, 16, ip);
                self.a.add_base(RAX);
                self.ld(RCX, 2);
                self.a.store(RAX, 0, RCX);
                self.ld(RCX, 3);
                self.a.store(RAX, 8, RCX);
                self.sp_add(-3);
            }
            ToR => {
                self.rroom(1, ip);
                self.ld(RAX, 1);
                self.a.store(R13, 0, RAX);
                self.a.alu_ri(0, R13, 8);
                self.sp_add(-1);
            }
            RFrom => {
                self.rneed(1, ip);
                self.a.load(RAX, R13, -8);
                self.a.alu_ri(5, R13, 8);
                self.push_rax();
            }
            RFetch | I => {
                self.rneed(1, ip);
                self.a.load(RAX, R13, -8);
                self.push_rax();
            }
            J => {
                self.rneed(3, ip);
                self.a.load(RAX, R13, -24);
                self.push_rax();
            }
            // DO and 2>R move the same two cells the same way.
            Do | Prim(crate::instr::TWO_TO_R_ID) => {
                self.rroom(2, ip);
                self.ld(RAX, 2);
                self.a.store(R13, 0, RAX);
                self.ld(RAX, 1);
                self.a.store(R13, 8, RAX);
                self.a.alu_ri(0, R13, 16);
                self.sp_add(-2);
            }
            QDo(exit) => {
                self.ld(RAX, 2);
                self.ld(RCX, 1);
                self.a.alu_rr(0x39, RAX, RCX);
                let go = self.a.jcc_fwd(CC_NE);
                self.sp_add(-2);
                self.jump_to(None, exit);
                self.a.bind_fwd(go);
                self.rroom(2, ip);
                self.ld(RAX, 2);
                self.a.store(R13, 0, RAX);
                self.a.store(R13, 8, RCX);
                self.a.alu_ri(0, R13, 16);
                self.sp_add(-2);
            }
            Loop(body) => {
                self.rneed(2, ip);
                self.a.load(RAX, R13, -8);
                self.a.alu_ri(0, RAX, 1);
                self.a.mem(true, &[0x3B], RAX, R13, -16);
                let end = self.a.jcc_fwd(CC_E);
                self.poll(ip);
                // (poll used rax: the index again)
                self.a.alu_mi8(0, R13, -8, 1);
                self.jump_to(None, body);
                self.a.bind_fwd(end);
                self.a.alu_ri(5, R13, 16);
            }
            PlusLoop(body) => {
                self.rneed(2, ip);
                self.ld(RCX, 1); // step
                self.a.load(RDX, R13, -8);
                self.a.mem(true, &[0x2B], RDX, R13, -16); // old = index - limit
                // rsi = old + step; rdi = old ^ new; rdx = old ^ step
                self.a.mov_rr(RSI, RDX);
                self.a.alu_rr(0x01, RSI, RCX);
                self.a.mov_rr(RDI, RDX);
                self.a.alu_rr(0x31, RDI, RSI);
                self.a.alu_rr(0x31, RDX, RCX);
                self.a.alu_rr(0x21, RDI, RDX);
                let end = self.a.jcc_fwd(CC_S);
                self.poll(ip);
                self.a.mem(true, &[0x01], RCX, R13, -8); // index += step
                self.sp_add(-1);
                self.jump_to(None, body);
                self.a.bind_fwd(end);
                self.a.alu_ri(5, R13, 16);
                self.sp_add(-1);
            }
            Leave(exit) => {
                self.rneed(2, ip);
                self.a.alu_ri(5, R13, 16);
                self.jump_to(None, exit);
            }
            Of(skip) => {
                self.ld(RAX, 1);
                self.a.mem(true, &[0x3B], RAX, R12, Asm::ds(2));
                let differ = self.a.jcc_fwd(CC_NE);
                self.sp_add(-2);
                self.jump_to(None, next);
                self.a.bind_fwd(differ);
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
                self.a.alu_mi8(7, R12, Asm::ds(1), 0);
                if t <= ip {
                    let stay = self.a.jcc_fwd(CC_NE);
                    self.poll(ip);
                    self.sp_add(-1);
                    self.jump_to(None, t);
                    self.a.bind_fwd(stay);
                    self.sp_add(-1);
                } else {
                    // lea r12, [r12 - 8]: the compare's flags stay
                    self.a.mem(true, &[0x8D], R12, R12, -8);
                    self.jump_to(Some(CC_E), t);
                }
            }
            Exit => {
                self.a.alu_rr(0x39, R13, RBP);
                self.stop_if(CC_NE, ip);
                self.a.alu_ri(5, R15, 8);
                self.a.byte(0xC3);
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
                self.a.load(RAX, RBX, off::LSP);
                self.a.mem(true, &[0x8D], RCX, RAX, 8 * (args + vals));
                self.a.mem(true, &[0x3B], RCX, RBX, off::LS_HI);
                self.stop_if(CC_A, ip);
                // The deepest argument becomes the oldest local.
                for k in 0..args {
                    self.ld(RDX, args - k);
                    self.a.store(RAX, 8 * k, RDX);
                }
                for k in args..args + vals {
                    self.a.mem(true, &[0xC7], 0, RAX, 8 * k);
                    self.a.i32(0);
                }
                self.a.store(RBX, off::LSP, RCX);
                self.sp_add(-args);
            }
            LocalFetch(n) | LocalStore(n) | LocalAdd(n) => {
                // rcx = the local's cell, if the frame has it
                self.a.load(RCX, RBX, off::LSP);
                self.a.alu_ri(5, RCX, 8 * (n as i32 + 1));
                self.a.mem(true, &[0x3B], RCX, RBX, off::LS_LO);
                self.stop_if(CC_B, ip);
                if let LocalFetch(_) = i {
                    self.a.load(RAX, RCX, 0);
                    self.push_rax();
                } else {
                    self.ld(RAX, 1);
                    let op = if let LocalStore(_) = i { 0x89 } else { 0x01 };
                    self.a.mem(true, &[op], RAX, RCX, 0);
                    self.sp_add(-1);
                }
            }
            LocalsExit(n) => {
                // lsp = max(ls_lo, lsp - 8n)
                self.a.load(RAX, RBX, off::LSP);
                self.a.load(RCX, RBX, off::LS_LO);
                self.a.mov_rr(RDX, RAX);
                self.a.alu_rr(0x29, RDX, RCX); // rdx = lsp - lo
                self.a.alu_ri(7, RDX, 8 * n as i32);
                self.a.rr(true, &[0x0F, 0x40 + CC_B], RAX, RCX); // short: rax = lo
                let short = self.a.jcc_fwd(CC_B);
                self.a.alu_ri(5, RAX, 8 * n as i32);
                self.a.bind_fwd(short);
                self.a.store(RBX, off::LSP, RAX);
            }
            _ => self.stop(ip),
        }
    }
}

impl Asm {
    /// `add r, r14`: a data-space address to a machine address.
    fn add_base(&mut self, r: u8) {
        self.alu_rr(0x01, r, R14);
    }
}
