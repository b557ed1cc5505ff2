//! The machine's stacks: data, return, floating-point, call frames,
//! locals, and CATCH frames, with the rules that keep them in bounds.
//!
//! Their fields are private: every part of the system but the inner
//! interpreter goes through the methods below, which check before they
//! change anything (a depth never passes its capacity, a word takes back
//! only the return-stack cells it pushed, a call frame and the return-stack
//! base it saved come and go together). The inner interpreter (`vm.rs`)
//! keeps `ip`, `sp` and `rp` in registers and indexes the arrays itself: it
//! borrows the parts apart through one door, [`Stacks::parts`], and writes
//! the depths back through it; it keeps the same rules in its own checks.

use crate::error::*;

pub const DS_SIZE: usize = 1 << 16;
/// Stack indices in the inner loop are masked with this: the checks before
/// keep them in range anyway, and the mask lets the compiler drop its own.
pub(crate) const DS_MASK: usize = DS_SIZE - 1;
pub const RS_SIZE: usize = 1 << 16;
pub const MAX_CALLS: usize = 1 << 18;
pub const MAX_LOCALS: usize = 1 << 16;
pub const MAX_CATCH: usize = 1 << 12;
/// Floating-point stack capacity (IEEE doubles).
pub const FS_SIZE: usize = 1 << 12;

/// A return address on the call stack, with the return-stack base of the
/// word returned to: each word may take off the return stack only what it
/// put there itself (see [`Stacks::rbase`]).
#[derive(Clone, Copy, Debug, Default)]
pub struct Frame {
    pub ret: u32,
    pub rbase: u32,
}

/// What CATCH saved, to restore on THROW.
#[derive(Clone, Copy, Debug)]
pub(crate) struct CatchFrame {
    pub(crate) sp: usize,
    pub(crate) rp: usize,
    pub(crate) rbase: usize,
    pub(crate) calls: usize,
    pub(crate) locals: usize,
    pub(crate) fp: usize,
    pub(crate) ip: u32,
    pub(crate) depth: u32,
}

/// N zeroed cells in one allocation: the allocator hands out fresh pages,
/// which cost no memory until they are used.
fn zeroed<const N: usize>() -> Box<[i64; N]> {
    vec![0; N].into_boxed_slice().try_into().expect("N cells")
}

/// A stack of at most N cells: a fixed array and a depth, so a push is a
/// store and an increment (a `Vec` would test its capacity and keep a
/// growth path, with its register spills, in the inner loop).
pub(crate) struct CellStack<const N: usize> {
    cells: Box<[i64; N]>,
    len: usize,
}

impl<const N: usize> CellStack<N> {
    fn new() -> Self {
        CellStack {
            cells: zeroed(),
            len: 0,
        }
    }

    #[inline(always)]
    pub(crate) fn len(&self) -> usize {
        self.len
    }

    /// Push a cell; false (and nothing pushed) when the stack is full.
    #[inline(always)]
    pub(crate) fn push(&mut self, v: i64) -> bool {
        match self.cells.get_mut(self.len) {
            Some(slot) => {
                *slot = v;
                self.len += 1;
                true
            }
            None => false,
        }
    }

    #[inline(always)]
    pub(crate) fn pop(&mut self) -> Option<i64> {
        let v = *self.cells.get(self.len.wrapping_sub(1))?;
        self.len -= 1;
        Some(v)
    }

    #[inline(always)]
    pub(crate) fn truncate(&mut self, len: usize) {
        self.len = self.len.min(len);
    }

    pub(crate) fn clear(&mut self) {
        self.len = 0;
    }

    /// Where cell n (counted from the newest) is kept.
    #[inline(always)]
    pub(crate) fn slot(&self, n: u16) -> Option<usize> {
        self.len.checked_sub(1 + n as usize)
    }

    /// `enter` for the frames most words open: at most three arguments,
    /// the top three cells of the data stack given in `top` (oldest
    /// first; those beyond `args` are not used), and at most one more
    /// local. False, and nothing changed, for any other frame or when it
    /// does not fit (then `enter` does it, or reports why not).
    #[inline(always)]
    pub(crate) fn enter_few(&mut self, top: [i64; 3], args: usize, zeros: usize) -> bool {
        let at = self.len;
        let end = at + args + zeros;
        if args > 3 || zeros > 1 || end > N {
            return false;
        }
        match args {
            1 => self.cells[at % N] = top[2],
            2 => {
                self.cells[at % N] = top[1];
                self.cells[(at + 1) % N] = top[2];
            }
            3 => {
                self.cells[at % N] = top[0];
                self.cells[(at + 1) % N] = top[1];
                self.cells[(at + 2) % N] = top[2];
            }
            _ => {}
        }
        if zeros == 1 {
            self.cells[(at + args) % N] = 0;
        }
        self.len = end;
        true
    }

    /// Push `args` (oldest first), then `zeros` zeroed cells. False, and
    /// nothing changed, when they do not fit. Cell by cell, with no memcpy
    /// call: the inner loop enters locals frames with it.
    #[inline(always)]
    pub(crate) fn enter(&mut self, args: &[i64], zeros: usize) -> bool {
        let end = self.len + args.len() + zeros;
        if end > N {
            return false;
        }
        let mut at = self.len;
        for &x in args {
            self.cells[at % N] = x;
            at += 1;
        }
        while at < end {
            self.cells[at % N] = 0;
            at += 1;
        }
        self.len = end;
        true
    }
}

impl<const N: usize> std::ops::Index<usize> for CellStack<N> {
    type Output = i64;
    #[inline(always)]
    fn index(&self, i: usize) -> &i64 {
        &self.cells[i]
    }
}

impl<const N: usize> std::ops::IndexMut<usize> for CellStack<N> {
    #[inline(always)]
    fn index_mut(&mut self, i: usize) -> &mut i64 {
        &mut self.cells[i]
    }
}

/// The locals of all running words, newest last.
pub(crate) type LocalStack = CellStack<MAX_LOCALS>;

/// The call frames, each packed into one cell (return address low, the
/// caller's return-stack base high).
pub(crate) struct CallStack(CellStack<MAX_CALLS>, u32);

/// The inner interpreter looks at Ctrl-C at one call in this many (and at
/// every backward jump): a recursion without loops still stops at once.
const CALLS_PER_POLL: u32 = 64;

impl CallStack {
    /// Is it time to look at Ctrl-C (at a call)? True once in
    /// `CALLS_PER_POLL` calls.
    #[inline(always)]
    pub(crate) fn poll_due(&mut self) -> bool {
        self.1 = self.1.wrapping_sub(1);
        if self.1 == 0 {
            self.1 = CALLS_PER_POLL;
            return true;
        }
        false
    }

    #[inline(always)]
    pub(crate) fn len(&self) -> usize {
        self.0.len()
    }

    /// Push a frame; false (and nothing pushed) when the stack is full.
    #[inline(always)]
    pub(crate) fn push(&mut self, f: Frame) -> bool {
        self.0.push((f.ret as u64 | (f.rbase as u64) << 32) as i64)
    }

    #[inline(always)]
    pub(crate) fn pop(&mut self) -> Option<Frame> {
        let f = self.0.pop()? as u64;
        Some(Frame {
            ret: f as u32,
            rbase: (f >> 32) as u32,
        })
    }

    pub(crate) fn truncate(&mut self, len: usize) {
        self.0.truncate(len);
    }

    pub(crate) fn clear(&mut self) {
        self.0.clear();
    }

    /// The return addresses, oldest first.
    pub(crate) fn returns(&self) -> impl DoubleEndedIterator<Item = u32> + '_ {
        self.0.cells[..self.0.len].iter().map(|&f| f as u32)
    }
}

/// The stacks of one machine. Capacities are fixed up front (untouched
/// pages cost no memory), so the inner loop never reallocates.
///
/// The rules the methods keep: `sp <= DS_SIZE`, `rp <= RS_SIZE`,
/// `fp <= FS_SIZE`; a word takes off the return stack only what it pushed
/// (`rbase`); each call frame carries the return-stack base of the word
/// returned to, restored as it is popped; a CATCH frame holds depths
/// that were current when it was made.
pub(crate) struct Stacks {
    ds: Box<[i64; DS_SIZE]>,
    /// Cells on the data stack.
    sp: usize,
    rs: Box<[i64; RS_SIZE]>,
    /// Cells on the return stack.
    rp: usize,
    /// The return-stack depth when the running word was entered: `R>`,
    /// `R@`, `I` and friends may not reach below it, and EXIT must find the
    /// depth back at it (-25 otherwise). 0 when interpreting.
    rbase: usize,
    /// Return addresses (Forth calls never recurse in Rust).
    calls: CallStack,
    /// The locals of every running word, newest last.
    locals: LocalStack,
    catches: Vec<CatchFrame>,
    /// The floating-point stack (FLOATING): separate from the data stack.
    fs: Box<[f64; FS_SIZE]>,
    /// Numbers on the floating-point stack.
    fp: usize,
}

/// The inner interpreter's door to the stacks ([`Stacks::parts`]): each
/// part borrowed apart, so that the hot loop keeps `sp` and `rp` in locals
/// (registers) and indexes the arrays directly. Whoever holds it keeps the
/// stacks' rules with its own checks; only `vm.rs` takes it.
pub(crate) struct Parts<'a> {
    pub(crate) ds: &'a mut [i64; DS_SIZE],
    pub(crate) sp: &'a mut usize,
    pub(crate) rs: &'a mut [i64; RS_SIZE],
    pub(crate) rp: &'a mut usize,
    pub(crate) rbase: &'a mut usize,
    pub(crate) calls: &'a mut CallStack,
    pub(crate) locals: &'a mut LocalStack,
    /// The box itself, not the array: the hot loop's float arms reach the
    /// array through it at each use rather than holding its address in a
    /// register across the loop (which cost strings.fs 0.6 %).
    pub(crate) fs: &'a mut Box<[f64; FS_SIZE]>,
    pub(crate) fp: &'a mut usize,
}

impl Stacks {
    pub(crate) fn new() -> Stacks {
        Stacks {
            ds: zeroed(),
            sp: 0,
            rs: zeroed(),
            rp: 0,
            rbase: 0,
            calls: CallStack(CellStack::new(), CALLS_PER_POLL),
            locals: LocalStack::new(),
            catches: Vec::with_capacity(MAX_CATCH),
            fs: vec![0.0; FS_SIZE]
                .into_boxed_slice()
                .try_into()
                .expect("size"),
            fp: 0,
        }
    }

    /// The inner interpreter's door: every part borrowed apart (see
    /// [`Parts`]). Only `vm.rs` takes it.
    #[inline(always)]
    pub(crate) fn parts(&mut self) -> Parts<'_> {
        Parts {
            ds: &mut self.ds,
            sp: &mut self.sp,
            rs: &mut self.rs,
            rp: &mut self.rp,
            rbase: &mut self.rbase,
            calls: &mut self.calls,
            locals: &mut self.locals,
            fs: &mut self.fs,
            fp: &mut self.fp,
        }
    }

    /// The native tier's view (`jit.rs`): where each array starts, and
    /// the depths. Native code keeps the rules the methods keep (its
    /// checks are the inner interpreter's) and gives the depths back
    /// through [`Stacks::set_native`].
    pub(crate) fn native_view(&mut self, ctx: &mut crate::jit::Ctx) {
        self.native_depths(ctx);
        let calls = self.calls.0.cells.as_mut_ptr() as usize;
        let hi = MAX_CALLS.min(self.calls.len() + crate::jit::MAX_NATIVE_NEST);
        ctx.calls_hi = calls + 8 * hi;
    }

    /// The arrays and depths of [`Stacks::native_view`], without the
    /// call limit (set once, when native code is entered).
    pub(crate) fn native_depths(&mut self, ctx: &mut crate::jit::Ctx) {
        let ds = self.ds.as_mut_ptr() as usize;
        let rs = self.rs.as_mut_ptr() as usize;
        let calls = self.calls.0.cells.as_mut_ptr() as usize;
        ctx.ds_lo = ds;
        ctx.ds_hi = ds + 8 * DS_SIZE;
        ctx.dsp = ds + 8 * self.sp;
        ctx.rs_lo = rs;
        ctx.rsp = rs + 8 * self.rp;
        ctx.rs_hi = rs + 8 * RS_SIZE;
        ctx.rbase = rs + 8 * self.rbase;
        ctx.csp = calls + 8 * self.calls.len();
        let ls = self.locals.cells.as_mut_ptr() as usize;
        ctx.ls_lo = ls;
        ctx.lsp = ls + 8 * self.locals.len;
        ctx.ls_hi = ls + 8 * MAX_LOCALS;
    }

    /// The depths native code left (see [`Stacks::native_view`]), each
    /// held to its capacity.
    pub(crate) fn set_native(&mut self, ctx: &crate::jit::Ctx) {
        let index = |p: usize, lo: usize, cap: usize| (p.saturating_sub(lo) / 8).min(cap);
        self.sp = index(ctx.dsp, ctx.ds_lo, DS_SIZE);
        self.rp = index(ctx.rsp, ctx.rs_lo, RS_SIZE);
        self.rbase = index(ctx.rbase, ctx.rs_lo, self.rp);
        let calls = self.calls.0.cells.as_ptr() as usize;
        self.calls.0.len = index(ctx.csp, calls, MAX_CALLS);
        self.locals.len = index(ctx.lsp, ctx.ls_lo, MAX_LOCALS);
    }

    /// Set the return-stack base back (a native call returned to Rust).
    pub(crate) fn set_rbase(&mut self, rbase: usize) {
        self.rbase = rbase.min(self.rp);
    }

    /// Empty every stack (after an uncaught error, or to start over).
    pub(crate) fn clear(&mut self) {
        self.sp = 0;
        self.clear_keeping_data();
    }

    /// The return stack, bottom first (cells typed at the prompt stay on
    /// it from one line to the next).
    pub(crate) fn rcells(&self) -> &[i64] {
        &self.rs[..self.rp]
    }

    /// Set the data, return and floating-point stacks to these (bottom
    /// first), with no word running: `undo` at the prompt. False, and
    /// nothing changed, when one does not fit.
    pub(crate) fn set_all(&mut self, data: &[i64], returns: &[i64], floats: &[f64]) -> bool {
        if data.len() > DS_SIZE || returns.len() > RS_SIZE || floats.len() > FS_SIZE {
            return false;
        }
        self.clear();
        self.ds[..data.len()].copy_from_slice(data);
        self.sp = data.len();
        self.rs[..returns.len()].copy_from_slice(returns);
        self.rp = returns.len();
        self.fs[..floats.len()].copy_from_slice(floats);
        self.fp = floats.len();
        true
    }

    /// Empty every stack but the data stack (QUIT).
    pub(crate) fn clear_keeping_data(&mut self) {
        self.rp = 0;
        self.rbase = 0;
        self.calls.clear();
        self.locals.clear();
        self.catches.clear();
        self.fp = 0;
    }

    // ---- the data stack ----

    /// Cells on the data stack.
    #[inline(always)]
    pub(crate) fn depth(&self) -> usize {
        self.sp
    }

    /// The data stack, bottom first.
    #[inline(always)]
    pub(crate) fn cells(&self) -> &[i64] {
        &self.ds[..self.sp]
    }

    /// The bottom `depth` cells of the data stack's array, even above
    /// the current depth (at most the whole array): what a failed word
    /// popped stays there, so the error report can show the stack as the
    /// word found it.
    pub(crate) fn cells_as_of(&self, depth: usize) -> &[i64] {
        &self.ds[..depth.min(DS_SIZE)]
    }

    /// The cell `n` below the top (0 = top); -4 when there is none.
    #[inline(always)]
    pub(crate) fn peek(&self, n: usize) -> Res<i64> {
        if n >= self.sp {
            return Err(STACK_UNDERFLOW);
        }
        Ok(self.ds[self.sp - 1 - n])
    }

    /// The top `n` cells, bottom first, to change in place (-4 unless
    /// there are that many).
    #[inline(always)]
    pub(crate) fn top_mut(&mut self, n: usize) -> Res<&mut [i64]> {
        self.need(n)?;
        Ok(&mut self.ds[self.sp - n..self.sp])
    }

    /// Drop the top `n` cells (-4, and nothing dropped, unless there are
    /// that many).
    #[inline(always)]
    pub(crate) fn drop_cells(&mut self, n: usize) -> Res<()> {
        self.need(n)?;
        self.sp -= n;
        Ok(())
    }

    /// Empty the data stack.
    pub(crate) fn clear_data(&mut self) {
        self.sp = 0;
    }

    /// Fail with -4 unless the data stack holds at least `n` cells.
    #[inline(always)]
    pub(crate) fn need(&self, n: usize) -> Res<()> {
        if self.sp < n {
            Err(STACK_UNDERFLOW)
        } else {
            Ok(())
        }
    }

    /// Room for n more cells on the data stack (-3 otherwise).
    #[inline(always)]
    pub(crate) fn room(&self, n: usize) -> Res<()> {
        if self.sp + n > DS_SIZE {
            return Err(STACK_OVERFLOW);
        }
        Ok(())
    }

    /// Room for n more cells on the return stack (-5 otherwise).
    #[inline(always)]
    pub(crate) fn rroom(&self, n: usize) -> Res<()> {
        if self.rp + n > RS_SIZE {
            return Err(RSTACK_OVERFLOW);
        }
        Ok(())
    }

    #[inline(always)]
    pub(crate) fn push(&mut self, v: i64) -> Res<()> {
        self.room(1)?;
        self.ds[self.sp] = v;
        self.sp += 1;
        Ok(())
    }

    #[inline(always)]
    pub(crate) fn pop(&mut self) -> Res<i64> {
        self.need(1)?;
        self.sp -= 1;
        Ok(self.ds[self.sp])
    }

    // ---- the return stack ----

    #[inline(always)]
    pub(crate) fn rpush(&mut self, v: i64) -> Res<()> {
        self.rroom(1)?;
        self.rs[self.rp] = v;
        self.rp += 1;
        Ok(())
    }

    /// Cells on the return stack.
    #[inline(always)]
    pub(crate) fn rdepth(&self) -> usize {
        self.rp
    }

    /// The return-stack depth when the running word was entered.
    pub(crate) fn rbase(&self) -> usize {
        self.rbase
    }

    /// The cells the running word has on the return stack.
    #[inline(always)]
    pub(crate) fn rdepth_own(&self) -> usize {
        self.rp.saturating_sub(self.rbase)
    }

    /// Whether the running word has given back every return-stack cell
    /// it pushed (as EXIT must find it).
    #[inline(always)]
    pub(crate) fn rbalanced(&self) -> bool {
        self.rp == self.rbase
    }

    /// Pop a cell the running word pushed; None (nothing popped) when it
    /// has none left.
    #[inline(always)]
    pub(crate) fn rpop_own(&mut self) -> Option<i64> {
        if self.rdepth_own() == 0 {
            return None;
        }
        self.rp -= 1;
        Some(self.rs[self.rp])
    }

    /// The return-stack cell `n` below the top (0 = top), if the running
    /// word pushed it.
    #[inline(always)]
    pub(crate) fn rpeek_own(&self, n: usize) -> Option<i64> {
        if n >= self.rdepth_own() {
            return None;
        }
        Some(self.rs[self.rp - 1 - n])
    }

    /// Drop `n` cells the running word pushed (UNLOOP); false, and nothing
    /// dropped, when it has fewer.
    pub(crate) fn rdrop_own(&mut self, n: usize) -> bool {
        if self.rdepth_own() < n {
            return false;
        }
        self.rp -= n;
        true
    }

    // ---- calls, CATCH frames, locals ----

    /// Call frames: the nesting of running words.
    #[inline(always)]
    pub(crate) fn call_depth(&self) -> usize {
        self.calls.len()
    }

    /// The return addresses, oldest first.
    pub(crate) fn returns(&self) -> impl DoubleEndedIterator<Item = u32> + '_ {
        self.calls.returns()
    }

    /// Enter a word that returns to `ret`: a call frame saving the
    /// caller's return-stack base, and the return stack's depth as the new
    /// word's base. False, and nothing changed, when the call stack is full.
    pub(crate) fn enter_frame(&mut self, ret: u32) -> bool {
        let pushed = self.calls.push(Frame {
            ret,
            rbase: self.rbase as u32,
        });
        if pushed {
            self.rbase = self.rp;
        }
        pushed
    }

    /// Leave the running word: pop its call frame, giving the caller its
    /// return-stack base back. The return address; None when no word runs.
    pub(crate) fn leave_frame(&mut self) -> Option<u32> {
        let r = self.calls.pop()?;
        self.rbase = r.rbase as usize;
        Some(r.ret)
    }

    /// CATCH: take the xt off the data stack, save every stack's depth for
    /// THROW, and enter a frame returning to `ip` (run-time nesting
    /// `depth`). The xt; -4, -53 or -5 with nothing changed when it cannot.
    // Kept out of `Forth::slow` (vm.rs), which every built-in word goes
    // through: inlined there, it moved slow's common return path
    // (strings.fs ran 0.25 % more instructions).
    #[inline(never)]
    pub(crate) fn catch(&mut self, ip: u32, depth: u32) -> Res<i64> {
        self.need(1)?;
        if self.catches.len() >= MAX_CATCH {
            return Err(EXCEPTION_OVERFLOW);
        }
        if self.calls.len() + 2 >= MAX_CALLS {
            return Err(RSTACK_OVERFLOW);
        }
        let xt = self.pop()?;
        self.catches.push(CatchFrame {
            sp: self.sp,
            rp: self.rp,
            rbase: self.rbase,
            calls: self.calls.len(),
            locals: self.locals.len(),
            fp: self.fp,
            ip,
            depth,
        });
        self.enter_frame(ip);
        Ok(xt)
    }

    /// The innermost CATCH frame, if any.
    pub(crate) fn innermost_catch(&self) -> Option<&CatchFrame> {
        self.catches.last()
    }

    /// The word CATCH ran returned: its CATCH frame goes.
    pub(crate) fn end_catch(&mut self) {
        self.catches.pop();
    }

    /// THROW to the innermost CATCH: pop its frame and put every stack
    /// back at the depth it saved.
    pub(crate) fn unwind_to_catch(&mut self) -> Option<CatchFrame> {
        let f = self.catches.pop()?;
        self.rp = f.rp;
        self.rbase = f.rbase;
        self.calls.truncate(f.calls);
        self.locals.truncate(f.locals);
        self.fp = f.fp;
        self.sp = f.sp;
        Some(f)
    }

    /// A locals frame: the top `args` cells move to the locals (the
    /// deepest becomes the oldest local), then `vals` zeroed ones. -5 or
    /// -4, with nothing changed, when they do not fit or are not there.
    pub(crate) fn enter_locals(&mut self, args: usize, vals: usize) -> Res<()> {
        if self.locals.len() + args + vals > MAX_LOCALS {
            return Err(RSTACK_OVERFLOW);
        }
        self.need(args)?;
        let from = self.sp - args;
        if !self.locals.enter(&self.ds[from..self.sp], vals) {
            return Err(RSTACK_OVERFLOW);
        }
        self.sp = from;
        Ok(())
    }

    /// Leave a locals frame of `n` cells.
    pub(crate) fn drop_locals(&mut self, n: usize) {
        let keep = self.locals.len().saturating_sub(n);
        self.locals.truncate(keep);
    }

    // ---- the floating-point stack ----

    /// Numbers on the floating-point stack.
    #[inline(always)]
    pub(crate) fn fdepth(&self) -> usize {
        self.fp
    }

    /// Fail with -45 unless the floating-point stack holds at least `n`.
    #[inline(always)]
    pub(crate) fn fneed(&self, n: usize) -> Res<()> {
        if self.fp < n {
            Err(FP_STACK_UNDERFLOW)
        } else {
            Ok(())
        }
    }

    /// Room for n more numbers on the floating-point stack (-44 otherwise).
    #[inline(always)]
    pub(crate) fn froom(&self, n: usize) -> Res<()> {
        if self.fp + n > FS_SIZE {
            return Err(FP_STACK_OVERFLOW);
        }
        Ok(())
    }

    pub(crate) fn fpush(&mut self, r: f64) -> Res<()> {
        self.froom(1)?;
        self.fs[self.fp] = r;
        self.fp += 1;
        Ok(())
    }

    pub(crate) fn fpop(&mut self) -> Res<f64> {
        self.fneed(1)?;
        self.fp -= 1;
        Ok(self.fs[self.fp])
    }

    /// The number `n` below the top of the floating-point stack (0 = top).
    pub(crate) fn fpeek(&self, n: usize) -> Res<f64> {
        if n >= self.fp {
            return Err(FP_STACK_UNDERFLOW);
        }
        Ok(self.fs[self.fp - 1 - n])
    }

    /// The floating-point stack, bottom first.
    pub(crate) fn fstack(&self) -> &[f64] {
        &self.fs[..self.fp]
    }

    /// The top `n` floats, bottom first, to change in place (-45 unless
    /// there are that many).
    pub(crate) fn ftop_mut(&mut self, n: usize) -> Res<&mut [f64]> {
        self.fneed(n)?;
        Ok(&mut self.fs[self.fp - n..self.fp])
    }

    /// Drop the top `n` floats (-45, and nothing dropped, unless there
    /// are that many).
    pub(crate) fn fdrop(&mut self, n: usize) -> Res<()> {
        self.fneed(n)?;
        self.fp -= n;
        Ok(())
    }

    /// Empty the floating-point stack.
    pub(crate) fn clear_floats(&mut self) {
        self.fp = 0;
    }
}
